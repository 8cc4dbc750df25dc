/// The rules of a report identifier: 1 to 128 characters, each an ASCII letter or digit or
/// one of `-_.:~@+` (so an id is its own URL path segment and compares the same everywhere),
/// and not `nearby` (a route of its own), `.` or `..` (which a URL path resolves away).
public enum ReportID {
    /// The longest identifier, in characters.
    public static let maximumLength = 128

    /// The characters an identifier may have besides ASCII letters and digits.
    public static let punctuation = "-_.:~@+"

    /// Checks `id`.
    ///
    /// - Throws: ``ReportStoreError`` (invalid report) saying which rule it breaks.
    public static func check(_ id: String) throws(ReportStoreError) {
        if id.isEmpty { throw .invalidReport("the id is empty") }
        if id.utf8.count > maximumLength { throw .invalidReport("the id is longer than \(maximumLength) characters") }
        if !id.utf8.allSatisfy(isAllowed) {
            throw .invalidReport(
                "the id \(ReportStoreError.quoted(id)) may have only ASCII letters, digits and \(punctuation)")
        }
        if id == "nearby" { throw .invalidReport("\"nearby\" is not a report id (it names a route)") }
        if id == "." || id == ".." {
            throw .invalidReport(
                "\"\(id)\" is not a report id (as a URL path segment it means this or the parent folder)")
        }
    }

    /// Whether the UTF-8 `bytes` are an identifier, without making a `String` of them: what
    /// ``check(_:)`` lets through (a reader of files in memory asks this of every row).
    public static func isValid(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !bytes.isEmpty, bytes.count <= maximumLength, bytes.allSatisfy(isAllowed) else { return false }
        // The reserved names by their length first: a generic comparison with a `String`'s
        // UTF-8 cost 300 instructions a row.
        let dot = UInt8(ascii: ".")
        switch bytes.count {
        case 1: return bytes[0] != dot
        case 2: return bytes[0] != dot || bytes[1] != dot
        case 6: return !bytes.elementsEqual("nearby".utf8)
        default: return true
        }
    }

    /// Whether an identifier may have `byte`: an ASCII letter or digit, or one of ``punctuation``.
    private static func isAllowed(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "a")...UInt8(ascii: "z"):
            true
        default: punctuation.utf8.contains(byte)
        }
    }

    /// `true` when `a` sorts before `b` in the stores' order: by their UTF-8 bytes (SQLite's
    /// BINARY collation, PostgreSQL's `COLLATE "C"`).
    public static func precedes(_ a: String, _ b: String) -> Bool {
        a.utf8.lexicographicallyPrecedes(b.utf8)
    }

    /// A new identifier: `r-` and 16 random hexadecimal digits.
    public static func generate() -> String {
        var generator = SystemRandomNumberGenerator()
        let value = generator.next() as UInt64
        let hex = String(value, radix: 16)
        return "r-" + String(repeating: "0", count: 16 - hex.count) + hex
    }
}
