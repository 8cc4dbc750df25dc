/// Removes a WebP's metadata chunk by chunk.
///
/// Kept: `VP8 `, `VP8L`, `VP8X`, `ALPH`, `ICCP`, `ANIM`, `ANMF`. Removed: `EXIF`, `XMP `,
/// every other chunk, and bytes after the RIFF size. `VP8X`'s EXIF and XMP flags are cleared
/// and the RIFF size is written for what is left. An EXIF orientation other than 1 comes back
/// as a minimal `EXIF` chunk at the end, with the flag set (an extended file only: a simple
/// one, without `VP8X`, cannot hold EXIF).
struct WebPScrubber {
    /// Chunks that are the picture: its bitstreams, alpha, colour profile, animation.
    static let keptChunks: Set<String> = ["VP8 ", "VP8L", "VP8X", "ALPH", "ICCP", "ANIM", "ANMF"]
    /// `VP8X`'s flag bits for EXIF and XMP metadata.
    static let exifFlag: UInt8 = 0x08
    static let xmpFlag: UInt8 = 0x04

    private let view: ByteView
    private var output: [UInt8] = []
    private var removed: [RemovedMetadata] = []
    private var orientation: Int?
    /// Where `VP8X`'s flags byte is in the output.
    private var flagsPosition: Int?

    init(_ bytes: [UInt8]) {
        view = ByteView(bytes: bytes)
    }

    /// The scrubbed image.
    ///
    /// - Throws: ``PhotoMetadataError`` for bytes that are not a whole WebP.
    mutating func scrub() throws(PhotoMetadataError) -> ScrubbedImage {
        guard view.has("RIFF", at: 0), view.has("WEBP", at: 8), let size = view.littleEndian(4, width: 4) else {
            throw .notThisFormat(.webp, "it does not start with RIFF … WEBP")
        }
        let end = 8 + size
        guard size >= 4, end <= view.count else { throw .truncated(.webp, "the RIFF container", at: 0) }
        output.reserveCapacity(view.count)
        output += view.bytes[0..<12]
        var position = 12
        while position < end {
            guard let type = view.fourCC(position), let length = view.littleEndian(position + 4, width: 4),
                position + 8 <= end
            else { throw .truncated(.webp, "the chunk", at: position) }
            let dataEnd = position + 8 + length
            guard dataEnd <= end else { throw .truncated(.webp, "the \(type) chunk", at: position) }
            if position == 12, !["VP8 ", "VP8L", "VP8X"].contains(type) {
                throw .malformed(.webp, "it starts with a \(type) chunk, not VP8, VP8L or VP8X")
            }
            chunk(type, data: view.bytes[(position + 8)..<dataEnd], whole: position..<min(dataEnd + length % 2, end))
            // A last chunk of odd length may lack its padding byte: the RIFF ends there.
            position = min(dataEnd + length % 2, end)
        }
        if end < view.count {
            removed.append(RemovedMetadata(.trailingData, in: "after the RIFF container", byteCount: view.count - end))
        }
        return finish()
    }

    /// Keeps or removes one chunk.
    private mutating func chunk(_ type: String, data: ArraySlice<UInt8>, whole: Range<Int>) {
        switch type {
        case "EXIF":
            if orientation == nil { orientation = ExifOrientation.read(data) }
            let minimal = ExifOrientation.worthKeeping(orientation).map(Self.exifChunk)
            if minimal.map({ !view.bytes[whole].elementsEqual($0) }) ?? true {
                removed.append(RemovedMetadata(.exif, in: "EXIF chunk", byteCount: whole.count))
            }
        case "XMP ":
            removed.append(RemovedMetadata(.xmp, in: "XMP chunk", byteCount: whole.count))
        case _ where Self.keptChunks.contains(type):
            if type == "VP8X", !data.isEmpty { flagsPosition = output.count + 8 }
            output += view.bytes[whole]
            if whole.count % 2 == 1 { output.append(0) }
        default:
            let name = type.utf8.allSatisfy { (0x20...0x7E).contains($0) } ? "\(type) chunk" : "unknown chunk"
            removed.append(RemovedMetadata(.application, in: name, byteCount: whole.count))
        }
    }

    /// The orientation's chunk at the end, the flags and the RIFF size set.
    private mutating func finish() -> ScrubbedImage {
        var kept = ExifOrientation.worthKeeping(orientation)
        if let flagsPosition {
            output[flagsPosition] &= ~(Self.exifFlag | Self.xmpFlag)
            if let orientation = kept {
                output += Self.exifChunk(orientation)
                output[flagsPosition] |= Self.exifFlag
            }
        } else {
            kept = nil
        }
        let riffSize = output.count - 8
        output.replaceSubrange(4..<8, with: [0, 8, 16, 24].map { UInt8(truncatingIfNeeded: riffSize >> $0) })
        return ScrubbedImage(
            bytes: output, format: .webp, removed: removed, keptOrientation: kept, changed: output != view.bytes)
    }

    /// An `EXIF` chunk holding `orientation` alone (26 bytes of data: no padding needed).
    static func exifChunk(_ orientation: Int) -> [UInt8] {
        let tiff = ExifOrientation.minimalTIFF(orientation)
        var chunk = Array("EXIF".utf8)
        chunk.appendLittleEndian(tiff.count, width: 4)
        return chunk + tiff
    }
}
