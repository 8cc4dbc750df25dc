/// Wipes a HEIC's metadata items in place.
///
/// HEIF keeps EXIF and XMP as items of the top-level `meta` box: an `infe` entry in `iinf`
/// names each item's type (`Exif`, or `mime` with XMP's content type) and `iloc` says where
/// its bytes are (in `mdat`, or in `meta`'s own `idat`). This overwrites those bytes where
/// they lie: an EXIF item becomes an empty EXIF structure (the 4-byte header offset 0, then a
/// TIFF header with no entries) followed by zeros, an XMP item an empty `x:xmpmeta` element
/// followed by spaces (white space, which XMP readers skip). Nothing moves, so no offset anywhere in the file changes and the
/// pictures, their properties and every other item stay byte for byte; the entries in
/// `iinf` and `iloc` stay too, and tell only that an item of that size was there.
///
/// Removing the entries instead would shrink `meta`, which lies before `mdat`, and so move
/// every picture's bytes: each `iloc` offset into `mdat` would have to be rewritten, and the
/// references (`iref`) and properties (`ipma`) of the removed items dropped. Wiping in place
/// is the simplest change that leaves no metadata and cannot break the pictures.
///
/// Orientation: HEIF turns and mirrors pictures with the `irot` and `imir` properties, which
/// decoders apply and which stay; the EXIF orientation of a HEIC is informative only.
struct HEICScrubber {
    private let view: ByteView

    init(_ bytes: [UInt8]) {
        view = ByteView(bytes: bytes)
    }

    /// The scrubbed image.
    ///
    /// - Throws: ``PhotoMetadataError`` for bytes that are not a whole HEIF file, or whose
    ///   metadata items point outside it.
    func scrub() throws(PhotoMetadataError) -> ScrubbedImage {
        guard view.has("ftyp", at: 4) else { throw .notThisFormat(.heic, "it does not start with an ftyp box") }
        let boxes = try HEIFBox.boxes(in: 0..<view.count, of: view)
        var output = view.bytes
        var removed: [RemovedMetadata] = []
        if let meta = boxes.first(where: { $0.type == "meta" }) {
            let children = try meta.children(of: view, full: true)
            if let iinf = children.first(where: { $0.type == "iinf" }) {
                let items = try HEIFItemLocations.metadataItems(iinf, in: view)
                if !items.isEmpty, let iloc = children.first(where: { $0.type == "iloc" }) {
                    let extents = try HEIFItemLocations.extents(
                        of: Set(items.keys), iloc: iloc, idat: children.first(where: { $0.type == "idat" }),
                        mdats: boxes.filter { $0.type == "mdat" }, in: view)
                    for (id, ranges) in extents.sorted(by: { $0.key < $1.key }) {
                        guard let content = items[id] else { continue }
                        let size = ranges.reduce(0) { $0 + $1.count }
                        let neutral = Self.neutral(content, size: size)
                        let current = ranges.flatMap { view.bytes[$0] }
                        guard current != neutral else { continue }
                        var written = 0
                        for range in ranges {
                            output.replaceSubrange(range, with: neutral[written..<written + range.count])
                            written += range.count
                        }
                        let kind: RemovedMetadata.Kind = content == .exif ? .exif : .xmp
                        removed.append(RemovedMetadata(kind, in: "item \(id)", byteCount: size))
                    }
                }
            }
        }
        return ScrubbedImage(
            bytes: output, format: .heic, removed: removed, keptOrientation: nil, changed: output != view.bytes)
    }

    /// What an item of `size` bytes holds once wiped: an EXIF structure with no entries, or an
    /// empty XMP element and white space.
    static func neutral(_ content: HEIFItemLocations.Content, size: Int) -> [UInt8] {
        switch content {
        case .xmp:
            let empty = Array("<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"/>".utf8)
            guard size >= empty.count else { return [UInt8](repeating: 0x20, count: size) }
            return empty + [UInt8](repeating: 0x20, count: size - empty.count)
        case .exif:
            // exif_tiff_header_offset 0, "MM\0*", IFD0 at 8 with no entries, no next IFD.
            let empty: [UInt8] = [0, 0, 0, 0] + Array("MM\0*".utf8) + [0, 0, 0, 8, 0, 0, 0, 0, 0, 0]
            guard size >= empty.count else { return [UInt8](repeating: 0, count: size) }
            return empty + [UInt8](repeating: 0, count: size - empty.count)
        }
    }
}
