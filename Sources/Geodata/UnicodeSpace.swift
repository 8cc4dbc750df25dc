/// Recognises Unicode white space (the `White_Space` property) in UTF-8 bytes,
/// so that pasted text with no-break or thin spaces is trimmed like ASCII spaces.
enum UnicodeSpace {
    /// The byte length of the white-space character that starts at `index`, or `nil`.
    static func width(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        let first = bytes[index]
        switch first {
        case 0x09...0x0D, 0x20:
            return 1
        case 0xC2:
            guard index + 1 < bytes.count else { return nil }
            let second = bytes[index + 1]
            return second == 0x85 || second == 0xA0 ? 2 : nil
        case 0xE1, 0xE2, 0xE3:
            guard index + 2 < bytes.count else { return nil }
            return isThreeByteSpace(first, bytes[index + 1], bytes[index + 2]) ? 3 : nil
        default:
            return nil
        }
    }

    /// The byte length of the white-space character that ends just before `end`, or `nil`.
    static func widthBefore(in bytes: UnsafeBufferPointer<UInt8>, end: Int) -> Int? {
        let last = bytes[end - 1]
        switch last {
        case 0x09...0x0D, 0x20:
            return 1
        case 0x85, 0xA0:
            if end >= 2, bytes[end - 2] == 0xC2 { return 2 }
            fallthrough
        default:
            guard end >= 3 else { return nil }
            return isThreeByteSpace(bytes[end - 3], bytes[end - 2], last) ? 3 : nil
        }
    }

    /// U+1680, U+2000–U+200A, U+2028, U+2029, U+202F, U+205F, U+3000.
    private static func isThreeByteSpace(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> Bool {
        switch (a, b) {
        case (0xE1, 0x9A): return c == 0x80
        case (0xE2, 0x80): return (0x80...0x8A).contains(c) || c == 0xA8 || c == 0xA9 || c == 0xAF
        case (0xE2, 0x81): return c == 0x9F
        case (0xE3, 0x80): return c == 0x80
        default: return false
        }
    }
}
