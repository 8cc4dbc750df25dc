/// Valid UTF-8 bytes (a `String`'s storage) read one Unicode scalar at a time, without
/// copying: what the pair parser scans instead of an array of scalars, so that a pair is
/// read without allocating.
///
/// Byte offsets index the storage; the pair parser counts scalars itself for the 1-based
/// character positions in its messages.
struct UTF8Text {
    /// The storage; valid UTF-8, because it comes from a `String`.
    let bytes: UnsafeBufferPointer<UInt8>

    /// The scalar that starts at byte `index`, and its width in bytes.
    func scalar(at index: Int) -> (scalar: Unicode.Scalar, width: Int) {
        let lead = bytes[index]
        if lead < 0x80 { return (Unicode.Scalar(lead), 1) }
        let width = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        guard index + width <= bytes.count else { return ("\u{FFFD}", 1) }
        var value = UInt32(lead) & (0xFF >> (width + 1))
        for offset in 1..<width { value = value << 6 | UInt32(bytes[index + offset] & 0x3F) }
        return (Unicode.Scalar(value) ?? "\u{FFFD}", width)
    }

    /// The byte offset where the scalar that ends just before `end` starts.
    func scalarStart(before end: Int) -> Int {
        var start = end - 1
        while start > 0, bytes[start] & 0xC0 == 0x80 { start -= 1 }
        return start
    }

    /// Whether the byte at `index` (inside the text) is an ASCII digit.
    func isDigit(at index: Int) -> Bool {
        index >= 0 && index < bytes.count && bytes[index] &- UInt8(ascii: "0") < 10
    }

    /// The text of `range`, for messages (the only place the parser allocates).
    func string(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    /// The bytes of `range`, for ``DecimalText``.
    func slice(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: bytes[range])
    }
}
