/// Hand-made ISO base media boxes, for HEIC files built byte by byte in the tests.
enum HEIFBytes {
    static func be(_ value: Int, _ width: Int) -> [UInt8] {
        stride(from: (width - 1) * 8, through: 0, by: -8).map { UInt8(truncatingIfNeeded: value >> $0) }
    }

    /// A box: 32-bit size, type, content.
    static func box(_ type: String, _ content: [UInt8]) -> [UInt8] {
        be(8 + content.count, 4) + Array(type.utf8) + content
    }

    /// A full box: version and flags first.
    static func fullBox(_ type: String, version: Int, _ content: [UInt8]) -> [UInt8] {
        box(type, [UInt8(version), 0, 0, 0] + content)
    }

    static let ftyp = box("ftyp", Array("heic".utf8) + be(0, 4) + Array("mif1heic".utf8))

    /// An `infe` (version 2) of item `id` and `type`; `contentType` for `mime` items.
    static func infe(_ id: Int, _ type: String, contentType: String? = nil) -> [UInt8] {
        var content = be(id, 2) + be(0, 2) + Array(type.utf8) + [0]
        if let contentType { content += Array(contentType.utf8) + [0] }
        return fullBox("infe", version: 2, content)
    }

    /// An `iloc` (version 1: 4-byte offsets and lengths, no base offset) of `items`, each with
    /// its construction method and extents.
    static func iloc(_ items: [(id: Int, method: Int, extents: [(offset: Int, length: Int)])]) -> [UInt8] {
        var content: [UInt8] = [0x44, 0x00] + be(items.count, 2)
        for item in items {
            content += be(item.id, 2) + be(item.method, 2) + be(0, 2) + be(item.extents.count, 2)
            for extent in item.extents { content += be(extent.offset, 4) + be(extent.length, 4) }
        }
        return fullBox("iloc", version: 1, content)
    }

    /// An EXIF item's content: header offset 0, then a big-endian TIFF with Make "Apple".
    static let exifItem: [UInt8] =
        be(0, 4) + Array("MM\0*".utf8) + be(8, 4) + be(1, 2) + be(0x010F, 2) + be(2, 2) + be(6, 4)
        + be(26, 4) + be(0, 4) + Array("Apple\0".utf8)

    /// A file: `ftyp`, a `meta` with a `pict` handler, `iinf` of `entries`, the `iloc` that
    /// `iloc(mdatStart)` makes, and `mdat` holding `data`.
    static func file(entries: [[UInt8]], data: [UInt8], iloc: (Int) -> [UInt8]) -> [UInt8] {
        let hdlr = fullBox("hdlr", version: 0, be(0, 4) + Array("pict".utf8) + be(0, 12) + [0])
        let iinf = fullBox("iinf", version: 0, be(entries.count, 2) + entries.flatMap { $0 })
        // iloc's size does not depend on the offsets it holds: measure it with a placeholder.
        let metaSize = fullBox("meta", version: 0, hdlr + iinf + iloc(0)).count
        let mdatStart = ftyp.count + metaSize + 8
        let meta = fullBox("meta", version: 0, hdlr + iinf + iloc(mdatStart))
        return ftyp + meta + box("mdat", data)
    }
}
