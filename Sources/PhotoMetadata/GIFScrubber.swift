/// Removes a GIF's metadata block by block.
///
/// Kept: the header, screen descriptor and colour tables, images, graphic control and plain
/// text extensions, and the looping application extension (`NETSCAPE2.0`, and `ANIMEXTS1.0`,
/// its twin). Removed: comment extensions, every other application extension (XMP among
/// them), unknown extensions, and bytes after the trailer. GIF has no orientation.
struct GIFScrubber {
    /// Application extensions kept: how often an animation loops.
    static let loopingApplications: Set<String> = ["NETSCAPE2.0", "ANIMEXTS1.0"]

    private let view: ByteView
    private var output: [UInt8] = []
    private var removed: [RemovedMetadata] = []

    init(_ bytes: [UInt8]) {
        view = ByteView(bytes: bytes)
    }

    /// The scrubbed image.
    ///
    /// - Throws: ``PhotoMetadataError`` for bytes that are not a whole GIF.
    mutating func scrub() throws(PhotoMetadataError) -> ScrubbedImage {
        guard view.has("GIF87a", at: 0) || view.has("GIF89a", at: 0) else {
            throw .notThisFormat(.gif, "it does not start with GIF87a or GIF89a")
        }
        guard let flags = view.byte(10) else { throw .truncated(.gif, "the screen descriptor", at: 6) }
        var position = 13 + Self.colorTableSize(flags)
        guard position <= view.count else { throw .truncated(.gif, "the global colour table", at: 13) }
        output.reserveCapacity(view.count)
        output += view.bytes[0..<position]
        while true {
            guard let introducer = view.byte(position) else { throw .endsEarly(.gif, before: "its trailer") }
            switch introducer {
            case 0x3B:
                output.append(0x3B)
                if position + 1 < view.count {
                    removed.append(
                        RemovedMetadata(.trailingData, in: "after the trailer", byteCount: view.count - position - 1))
                }
                return ScrubbedImage(
                    bytes: output, format: .gif, removed: removed, keptOrientation: nil, changed: output != view.bytes)
            case 0x2C:
                guard let imageFlags = view.byte(position + 9) else {
                    throw .truncated(.gif, "the image", at: position)
                }
                // Descriptor, local colour table, LZW code size, then the data's sub-blocks.
                let dataStart = position + 10 + Self.colorTableSize(imageFlags) + 1
                let end = try subBlocksEnd(from: dataStart, of: "the image", at: position)
                output += view.bytes[position..<end]
                position = end
            case 0x21:
                guard let label = view.byte(position + 1) else { throw .truncated(.gif, "the extension", at: position) }
                let end = try subBlocksEnd(from: position + 2, of: "the extension", at: position)
                extensionBlock(label, view.bytes[position..<end])
                position = end
            default:
                throw .malformed(
                    .gif, "the byte at \(ByteCount.grouped(position)) starts no image, extension or trailer")
            }
        }
    }

    /// Keeps or removes the extension `label` (`whole`: introducer, label and sub-blocks).
    private mutating func extensionBlock(_ label: UInt8, _ whole: ArraySlice<UInt8>) {
        switch label {
        case 0xF9, 0x01:
            output += whole
        case 0xFE:
            removed.append(RemovedMetadata(.comment, in: "comment extension", byteCount: whole.count))
        case 0xFF:
            // The first sub-block: 11 bytes of identifier and authentication code.
            let identifier = whole.dropFirst(3).prefix(11)
            let name = String(decoding: identifier, as: UTF8.self)
            if whole.dropFirst(2).first == 11, Self.loopingApplications.contains(name) {
                output += whole
            } else {
                let shown = identifier.allSatisfy { (0x20...0x7E).contains($0) } ? " \(name)" : ""
                let kind: RemovedMetadata.Kind = name.hasPrefix("XMP Data") ? .xmp : .application
                removed.append(RemovedMetadata(kind, in: "application extension\(shown)", byteCount: whole.count))
            }
        default:
            removed.append(RemovedMetadata(.application, in: "extension \(label)", byteCount: whole.count))
        }
    }

    /// Where the sub-blocks starting at `start` end (after their zero-length terminator).
    private func subBlocksEnd(from start: Int, of what: String, at blockStart: Int) throws(PhotoMetadataError) -> Int {
        var position = start
        while true {
            guard let size = view.byte(position) else { throw .truncated(.gif, what, at: blockStart) }
            position += 1 + Int(size)
            if size == 0 { return position }
        }
    }

    /// The bytes of the colour table a descriptor's `flags` announce (0 when it has none).
    private static func colorTableSize(_ flags: UInt8) -> Int {
        flags & 0x80 == 0 ? 0 : 3 * (1 << (Int(flags & 0x07) + 1))
    }
}
