/// One box of an ISO base media file (HEIC's container): its type and where its header and
/// content lie in the file.
struct HEIFBox {
    /// The four-character type, `"meta"`.
    let type: String
    /// Where the box starts (its size field).
    let start: Int
    /// Where its content starts, after the size, type and any 64-bit size.
    let contentStart: Int
    /// Where it ends.
    let end: Int

    /// The boxes that tile `range` of `view`, in order.
    ///
    /// - Throws: ``PhotoMetadataError`` when a box's size runs past the range or is too small
    ///   to hold its own header.
    static func boxes(in range: Range<Int>, of view: ByteView) throws(PhotoMetadataError) -> [HEIFBox] {
        var boxes: [HEIFBox] = []
        var position = range.lowerBound
        while position < range.upperBound {
            guard let size = view.bigEndian(position, width: 4), let type = view.fourCC(position + 4),
                position + 8 <= range.upperBound
            else { throw .truncated(.heic, "the box", at: position) }
            var contentStart = position + 8
            var end: Int
            switch size {
            case 0:
                end = range.upperBound  // to the end of what holds it
            case 1:
                guard let large = view.bigEndian(position + 8, width: 8) else {
                    throw .truncated(.heic, "the \(type) box", at: position)
                }
                contentStart += 8
                guard large <= range.upperBound - position else {
                    throw .truncated(.heic, "the \(type) box", at: position)
                }
                end = position + large
            default:
                guard size <= range.upperBound - position else {
                    throw .truncated(.heic, "the \(type) box", at: position)
                }
                end = position + size
            }
            guard end >= contentStart else {
                throw .malformed(
                    .heic, "the \(type) box at byte \(ByteCount.grouped(position)) is smaller than its header")
            }
            boxes.append(HEIFBox(type: type, start: position, contentStart: contentStart, end: end))
            position = end
        }
        return boxes
    }

    /// The children of a full box (version and flags first), or of a plain one.
    func children(of view: ByteView, full: Bool) throws(PhotoMetadataError) -> [HEIFBox] {
        let start = contentStart + (full ? 4 : 0)
        guard start <= end else { throw .truncated(.heic, "the \(type) box", at: self.start) }
        return try Self.boxes(in: start..<end, of: view)
    }

    /// A full box's version (its first content byte).
    func version(in view: ByteView) -> Int? {
        view.byte(contentStart).map(Int.init)
    }
}
