/// Removes a PNG's metadata chunk by chunk.
///
/// Kept: the critical chunks (`IHDR`, `PLTE`, `IDAT`, `IEND`, and any other critical chunk,
/// which a decoder must understand) and the ancillary chunks that change how the pixels look
/// or move (transparency, colour space and profile, gamma, significant bits, background,
/// histogram, physical size, suggested palettes, APNG animation). Removed: `eXIf`, `tEXt`,
/// `iTXt`, `zTXt`, `tIME`, every other ancillary chunk (private ones included), and bytes
/// after `IEND`. An EXIF orientation other than 1 comes back as a minimal `eXIf` chunk right
/// after `IHDR`. Chunk checksums are not checked (the pixels are not this type's business);
/// the written `eXIf` has a correct one.
struct PNGScrubber {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Ancillary chunks that are part of the picture, not about it.
    static let keptAncillary: Set<String> = [
        "tRNS", "cHRM", "gAMA", "iCCP", "sBIT", "sRGB", "cICP", "mDCV", "cLLI", "mDCv", "cLLi", "bKGD", "hIST",
        "pHYs", "sPLT", "acTL", "fcTL", "fdAT",
    ]

    private let view: ByteView
    private var output: [UInt8] = []
    private var removed: [RemovedMetadata] = []
    private var orientation: Int?
    private var afterHeader = 0

    init(_ bytes: [UInt8]) {
        view = ByteView(bytes: bytes)
    }

    /// The scrubbed image.
    ///
    /// - Throws: ``PhotoMetadataError`` for bytes that are not a whole PNG.
    mutating func scrub() throws(PhotoMetadataError) -> ScrubbedImage {
        guard view.has(Self.signature, at: 0) else { throw .notThisFormat(.png, "it lacks the PNG signature") }
        output.reserveCapacity(view.count)
        output += Self.signature
        var position = Self.signature.count
        while true {
            guard position < view.count else { throw .endsEarly(.png, before: "its IEND chunk") }
            guard let length = view.bigEndian(position, width: 4), let type = view.fourCC(position + 4) else {
                throw .truncated(.png, "the chunk", at: position)
            }
            guard length <= 0x7FFF_FFFF, type.utf8.allSatisfy({ (0x41...0x5A).contains($0 & 0xDF) }) else {
                throw .malformed(.png, "the chunk at byte \(ByteCount.grouped(position)) has no valid type and length")
            }
            let end = position + 12 + length
            guard end <= view.count else { throw .truncated(.png, "the \(type) chunk", at: position) }
            if position == Self.signature.count, type != "IHDR" {
                throw .malformed(.png, "it starts with a \(type) chunk, not IHDR")
            }
            chunk(type, view.bytes[position..<end])
            position = end
            if type == "IEND" { break }
        }
        if position < view.count {
            removed.append(RemovedMetadata(.trailingData, in: "after IEND", byteCount: view.count - position))
        }
        let kept = ExifOrientation.worthKeeping(orientation)
        if let kept { output.insert(contentsOf: Self.exifChunk(kept), at: afterHeader) }
        return ScrubbedImage(
            bytes: output, format: .png, removed: removed, keptOrientation: kept, changed: output != view.bytes)
    }

    /// Keeps or removes one chunk (`whole`: length, type, data and checksum).
    private mutating func chunk(_ type: String, _ whole: ArraySlice<UInt8>) {
        let data = whole.dropFirst(8).dropLast(4)
        let isCritical = type.utf8.first.map { $0 & 0x20 == 0 } ?? false
        switch type {
        case "eXIf":
            if orientation == nil { orientation = ExifOrientation.read(data) }
            if !whole.elementsEqual(Self.exifChunk(orientation ?? 1)) {
                removed.append(RemovedMetadata(.exif, in: "eXIf chunk", byteCount: whole.count))
            }
        case "tEXt", "iTXt", "zTXt":
            removed.append(RemovedMetadata(.text, in: Self.textLocation(type, data), byteCount: whole.count))
        case "tIME":
            removed.append(RemovedMetadata(.time, in: "tIME chunk", byteCount: whole.count))
        case _ where isCritical || Self.keptAncillary.contains(type):
            output += whole
            if type == "IHDR" { afterHeader = output.count }
        default:
            removed.append(RemovedMetadata(.application, in: "\(type) chunk", byteCount: whole.count))
        }
    }

    /// `"tEXt chunk \"Author\""`: the chunk and its keyword, when the keyword is plain text.
    private static func textLocation(_ type: String, _ data: ArraySlice<UInt8>) -> String {
        let keyword = data.prefix(while: { $0 != 0 }).prefix(80)
        guard !keyword.isEmpty, keyword.allSatisfy({ (0x20...0x7E).contains($0) }) else { return "\(type) chunk" }
        return "\(type) chunk \"\(String(decoding: keyword, as: UTF8.self))\""
    }

    /// An `eXIf` chunk holding `orientation` alone, with its checksum.
    static func exifChunk(_ orientation: Int) -> [UInt8] {
        let typeAndData = Array("eXIf".utf8) + ExifOrientation.minimalTIFF(orientation)
        var chunk: [UInt8] = []
        chunk.appendBigEndian(typeAndData.count - 4, width: 4)
        chunk += typeAndData
        chunk.appendBigEndian(Int(CRC32.checksum(typeAndData)), width: 4)
        return chunk
    }
}
