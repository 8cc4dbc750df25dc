import PhotoMetadata
import PhotoTestSupport
import Testing

/// Every prefix of a real image, and thousands of one-byte changes to it: the scrubber gives
/// an error or an image, never a trap; and an image it gives comes back the same when
/// scrubbed again (a second scrub changes nothing).
struct ScrubberRobustnessTests {
    /// The sample images by format (named in the test's arguments; their bytes looked up).
    static let samples: [ImageFormat: [UInt8]] = [
        .jpeg: SamplePhotos.jpeg, .png: SamplePhotos.png, .webp: SamplePhotos.webp, .gif: SamplePhotos.gif,
        .heic: SamplePhotos.heic,
    ]

    @Test(arguments: ImageFormat.allCases)
    func everyPrefixEndsInAnErrorOrAStableImage(format: ImageFormat) throws {
        let bytes = Self.samples[format] ?? []
        #expect(bytes.count > 200, "the sample \(format) is there")
        var refused = 0
        for length in 0..<bytes.count {
            let prefix = Array(bytes.prefix(length))
            do {
                let scrubbed = try PhotoScrubber.scrub(prefix, as: format)
                #expect(try PhotoScrubber.scrub(scrubbed.bytes, as: format).bytes == scrubbed.bytes, "prefix \(length)")
            } catch {
                refused += 1
            }
        }
        #expect(refused > 0)
        #expect(try !PhotoScrubber.scrub(bytes, as: format).bytes.isEmpty)
    }

    @Test(arguments: ImageFormat.allCases)
    func changedBytesEndInAnErrorOrAStableImage(format: ImageFormat) throws {
        let bytes = Self.samples[format] ?? []
        var random = SplitMix(seed: UInt64(bytes.count))
        for round in 0..<3_000 {
            var changed = bytes
            for _ in 0..<(1 + Int(random.next() % 3)) {
                let index = Int(random.next() % UInt64(changed.count))
                changed[index] =
                    [0x00, 0xFF, 0x7F, 0x80, UInt8(truncatingIfNeeded: random.next())][Int(random.next() % 5)]
            }
            guard let scrubbed = try? PhotoScrubber.scrub(changed, as: format) else { continue }
            #expect(
                try PhotoScrubber.scrub(scrubbed.bytes, as: format).bytes == scrubbed.bytes, "\(format) round \(round)")
        }
    }

    /// A small deterministic generator, so a failing round can be replayed.
    struct SplitMix {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var value = state
            value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
            value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
            return value ^ (value >> 31)
        }
    }
}
