/// Bounds-checked reads of numbers from an image's bytes: every read past the end gives
/// `nil` rather than trapping, so a parser turns a short or lying file into an error.
struct ByteView {
    /// The bytes read.
    let bytes: [UInt8]

    /// How many bytes there are.
    var count: Int { bytes.count }

    /// The byte at `offset`, or `nil` past the end.
    func byte(_ offset: Int) -> UInt8? {
        offset >= 0 && offset < bytes.count ? bytes[offset] : nil
    }

    /// The unsigned big-endian number of `width` bytes (1…8) at `offset`, or `nil` when it
    /// runs past the end or does not fit an `Int`.
    func bigEndian(_ offset: Int, width: Int) -> Int? {
        guard width >= 1, width <= 8, offset >= 0, offset <= bytes.count - width else { return nil }
        var value: UInt64 = 0
        for index in offset..<offset + width { value = value << 8 | UInt64(bytes[index]) }
        return Int(exactly: value)
    }

    /// The unsigned little-endian number of `width` bytes (1…8) at `offset`, or `nil`.
    func littleEndian(_ offset: Int, width: Int) -> Int? {
        guard width >= 1, width <= 8, offset >= 0, offset <= bytes.count - width else { return nil }
        var value: UInt64 = 0
        for index in (offset..<offset + width).reversed() { value = value << 8 | UInt64(bytes[index]) }
        return Int(exactly: value)
    }

    /// Whether the bytes at `offset` are `prefix`.
    func has(_ prefix: [UInt8], at offset: Int) -> Bool {
        guard offset >= 0, offset <= bytes.count - prefix.count else { return false }
        return bytes[offset..<offset + prefix.count].elementsEqual(prefix)
    }

    /// Whether the bytes at `offset` spell `text` in ASCII.
    func has(_ text: String, at offset: Int) -> Bool { has(Array(text.utf8), at: offset) }

    /// The four bytes at `offset` as text (a chunk or box type), or `nil` past the end.
    func fourCC(_ offset: Int) -> String? {
        guard offset >= 0, offset <= bytes.count - 4 else { return nil }
        return String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
    }
}

extension [UInt8] {
    /// Appends `value` as `width` big-endian bytes.
    mutating func appendBigEndian(_ value: Int, width: Int) {
        for shift in stride(from: (width - 1) * 8, through: 0, by: -8) {
            append(UInt8(truncatingIfNeeded: value >> shift))
        }
    }

    /// Appends `value` as `width` little-endian bytes.
    mutating func appendLittleEndian(_ value: Int, width: Int) {
        for shift in stride(from: 0, to: width * 8, by: 8) { append(UInt8(truncatingIfNeeded: value >> shift)) }
    }
}
