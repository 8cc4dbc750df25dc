/// The parts of a HEIF `meta` box that say which items are metadata and where their bytes
/// are: item types from `iinf` (`infe` entries) and extents from `iloc`.
enum HEIFItemLocations {
    /// What a metadata item holds.
    enum Content {
        case exif, xmp
    }

    /// The most extents of metadata items this reads; a file claiming more is refused (each
    /// `iloc` extent may take no bytes at all, so the count alone could keep a loop busy).
    static let maximumExtents = 4_096

    /// The metadata items of `iinf`, by item id: `Exif` items, and `mime` items whose content
    /// type is XMP's (`application/rdf+xml`).
    static func metadataItems(_ iinf: HEIFBox, in view: ByteView) throws(PhotoMetadataError) -> [Int: Content] {
        guard let version = iinf.version(in: view) else { throw .truncated(.heic, "the iinf box", at: iinf.start) }
        let entries = HEIFBox(
            type: "iinf", start: iinf.start, contentStart: iinf.contentStart + (version == 0 ? 2 : 4), end: iinf.end)
        var items: [Int: Content] = [:]
        for entry in try entries.children(of: view, full: true) where entry.type == "infe" {
            // Versions 0 and 1 carry no item type; only 2 and 3 can name Exif or XMP.
            guard let entryVersion = entry.version(in: view), entryVersion >= 2 else { continue }
            let idWidth = entryVersion == 2 ? 2 : 4
            let fields = entry.contentStart + 4
            guard let id = view.bigEndian(fields, width: idWidth),
                let type = view.fourCC(fields + idWidth + 2), fields + idWidth + 6 <= entry.end
            else { throw .truncated(.heic, "the infe box", at: entry.start) }
            if type == "Exif" { items[id] = .exif }
            if type == "mime" {
                // item_name, then content_type: two zero-ended strings.
                let strings = view.bytes[(fields + idWidth + 6)..<entry.end].split(
                    separator: 0, maxSplits: 2, omittingEmptySubsequences: false)
                if strings.count >= 2, strings[1].starts(with: Array("application/rdf+xml".utf8)) { items[id] = .xmp }
            }
        }
        return items
    }

    /// The file ranges of `items`' bytes, in each item's order, from `iloc`; `idat` is the
    /// meta box's item data box, if it has one (construction method 1 points into it), and
    /// `mdats` the file's media data boxes: every range must lie inside one of them.
    ///
    /// - Throws: ``PhotoMetadataError`` when `iloc` runs past its box, an extent lies outside
    ///   the file, metadata items overlap, or one is built in a way this cannot wipe (from
    ///   other items).
    static func extents(of items: Set<Int>, iloc: HEIFBox, idat: HEIFBox?, mdats: [HEIFBox], in view: ByteView)
        throws(PhotoMetadataError) -> [Int: [Range<Int>]]
    {
        var reader = FieldReader(view: view, position: iloc.contentStart + 4, end: iloc.end, box: iloc)
        guard let version = iloc.version(in: view) else { throw .truncated(.heic, "the iloc box", at: iloc.start) }
        let sizes = try reader.number(1)
        let moreSizes = try reader.number(1)
        let offsetSize = sizes >> 4
        let lengthSize = sizes & 15
        let baseOffsetSize = moreSizes >> 4
        let indexSize = version == 1 || version == 2 ? moreSizes & 15 : 0
        guard [offsetSize, lengthSize, baseOffsetSize, indexSize].allSatisfy({ [0, 4, 8].contains($0) }) else {
            throw .malformed(.heic, "its iloc box gives field sizes other than 0, 4 or 8 bytes")
        }
        let itemCount = try reader.number(version < 2 ? 2 : 4)
        var found: [Int: [Range<Int>]] = [:]
        var extentsRead = 0
        for _ in 0..<itemCount {
            let id = try reader.number(version < 2 ? 2 : 4)
            let method = version == 1 || version == 2 ? try reader.number(2) & 15 : 0
            let reference = try reader.number(2)
            let base = try reader.number(baseOffsetSize)
            let extentCount = try reader.number(2)
            let extentSize = indexSize + offsetSize + lengthSize
            guard items.contains(id), reference == 0 else {
                try reader.skip(extentCount * extentSize)
                continue
            }
            guard method != 2 else {
                throw .malformed(.heic, "its metadata item \(id) is built from other items, which cannot be wiped")
            }
            extentsRead += extentCount
            guard extentsRead <= maximumExtents else {
                throw .malformed(.heic, "its metadata items claim more than \(maximumExtents) pieces")
            }
            let origin = method == 1 ? (idat?.contentStart ?? -1) : 0
            let limit = method == 1 ? (idat?.end ?? -1) : view.count
            guard origin >= 0 else { throw .malformed(.heic, "its metadata item \(id) is in an idat box it lacks") }
            var ranges: [Range<Int>] = []
            for _ in 0..<extentCount {
                try reader.skip(indexSize)
                let offset = try reader.number(offsetSize)
                let length = try reader.number(lengthSize)
                let (anchor, anchorOverflow) = origin.addingReportingOverflow(base)
                let (start, startOverflow) = anchor.addingReportingOverflow(offset)
                let (end, endOverflow) = start.addingReportingOverflow(length)
                guard length > 0, !anchorOverflow, !startOverflow, !endOverflow, end <= limit else {
                    throw .malformed(.heic, "its metadata item \(id) points outside the file")
                }
                // Wiping must touch item data only, never a box's header or another box.
                let holders = method == 1 ? [idat].compactMap { $0 } : mdats
                guard holders.contains(where: { $0.contentStart <= start && end <= $0.end }) else {
                    throw .malformed(.heic, "its metadata item \(id) lies outside the media data")
                }
                ranges.append(start..<end)
            }
            found[id, default: []] += ranges
        }
        // Overlapping pieces would be wiped twice, each over the other; no valid file has them.
        let sorted = found.values.flatMap { $0 }.sorted { $0.lowerBound < $1.lowerBound }
        for (first, second) in zip(sorted, sorted.dropFirst()) where first.overlaps(second) {
            throw .malformed(.heic, "its metadata items overlap at byte \(ByteCount.grouped(second.lowerBound))")
        }
        return found
    }

    /// Reads `iloc`'s fields in order, refusing to go past its box.
    private struct FieldReader {
        let view: ByteView
        var position: Int
        let end: Int
        let box: HEIFBox

        /// A big-endian number of `width` bytes (0 reads nothing and gives 0).
        mutating func number(_ width: Int) throws(PhotoMetadataError) -> Int {
            guard width > 0 else { return 0 }
            guard position + width <= end, let value = view.bigEndian(position, width: width) else {
                throw .truncated(.heic, "the iloc box", at: box.start)
            }
            position += width
            return value
        }

        /// Passes over `count` bytes.
        mutating func skip(_ count: Int) throws(PhotoMetadataError) {
            guard count >= 0, count <= end - position else { throw .truncated(.heic, "the iloc box", at: box.start) }
            position += count
        }
    }
}
