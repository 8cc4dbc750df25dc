import FuzzSupport
import PhotoMetadata

/// Fuzzes the photo scrubber with any bytes: the first byte picks the format (JPG, PNG, WEBP,
/// GIF, HEIC), the rest is the file. Properties:
/// - no trap, no hang: an image or a `PhotoMetadataError`, whose message names the format;
/// - what it gives back scrubs again to the same bytes, with nothing removed and `changed`
///   false (a second `reports scrub-photos` changes nothing);
/// - a kept orientation is 2…8, and only for JPEG, PNG and WebP.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPhotoScrubber(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let formats = ImageFormat.allCases
    let format = formats[Int(data[0]) % formats.count]
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    let scrubbed: ScrubbedImage
    do {
        scrubbed = try PhotoScrubber.scrub(bytes, as: format)
    } catch {
        require(error.format == format, "an error for \(error.format) while reading \(format)")
        require(error.description.contains("\(format)"), "the message does not name the format: \(error)")
        return 0
    }
    if let orientation = scrubbed.keptOrientation {
        require((2...8).contains(orientation), "kept orientation \(orientation)")
        require([.jpeg, .png, .webp].contains(format), "an orientation kept for \(format)")
    }
    do {
        let again = try PhotoScrubber.scrub(scrubbed.bytes, as: format)
        require(again.bytes == scrubbed.bytes, "a second scrub changed the bytes")
        require(again.removed.isEmpty && !again.changed, "a second scrub removed \(again.removed)")
    } catch {
        require(false, "a scrubbed image is refused when scrubbed again: \(error)")
    }
    return 0
}
