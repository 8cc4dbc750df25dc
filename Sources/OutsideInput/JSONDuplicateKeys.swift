public import Foundation

/// Finds a key written twice in one JSON object, so that every JSON file PetSpot reads (the
/// consent file, reports, announcements, report answers, scenarios) is refused with the file,
/// the key and the line instead of being read three different ways.
///
/// Hand-written because nothing at hand can tell: Foundation's `JSONDecoder` and
/// `JSONSerialization` accept duplicates silently and keep one of the values. This is a small
/// strict scanner of the JSON text (RFC 8259 in UTF-8, plus the byte order mark and trailing
/// commas Foundation's decoder allows): one pass over the bytes, an explicit stack instead of
/// recursion (nesting is limited to ``maximumDepth`` like the decoder's and cannot overflow
/// the thread's stack), keys compared after decoding their escapes and as Swift strings
/// (`"\u0061"` is `a`; canonically equivalent spellings, `é` and `e` + U+0301, are one key, as
/// they are for `Decodable`).
///
/// On input without duplicates it accepts what `JSONSerialization` accepts, and everything it
/// accepts `JSONDecoder` can read (a fuzz target checks both), with documented differences:
/// numbers past `Double`'s range are scanned (the decoder refuses the ones it reads), text in
/// UTF-16 or UTF-32 is refused (PetSpot's files are UTF-8), and a malformed value the decoder
/// would only notice when reading it (`"\ud800"`, invalid UTF-8) is refused here.
///
/// ```swift
/// try JSONDuplicateKeys.check(data, file: path)   // throws JSONCheckError
/// JSONDuplicateKeys.firstDuplicate(in: #"{"a": 1, "\u0061": 2}"#)?.key   // "a"
/// ```
public enum JSONDuplicateKeys {
    /// What a scan of JSON text found.
    public enum Scan: Sendable, Hashable {
        /// Valid JSON; `firstDuplicate` is the first repeated key (in text order), if any, and
        /// `members` counts every object member written (duplicates included).
        case valid(firstDuplicate: JSONDuplicateKey?, members: Int)
        /// Not valid JSON: where the scan stopped, and why.
        case invalid(line: Int, column: Int, reason: String)
    }

    /// The deepest nesting of arrays and objects accepted: `JSONDecoder`'s own limit, so
    /// the two agree on what is JSON.
    public static let maximumDepth = 512

    /// Scans `bytes` (UTF-8 JSON text) completely.
    public static func scan(_ bytes: Data) -> Scan {
        bytes.withUnsafeBytes { raw in
            var scanner = JSONKeyScanner(raw.bindMemory(to: UInt8.self), maximumDepth: maximumDepth)
            return scanner.run()
        }
    }

    /// Scans `text` completely.
    public static func scan(_ text: String) -> Scan {
        var text = text
        return text.withUTF8 { bytes in
            var scanner = JSONKeyScanner(bytes, maximumDepth: maximumDepth)
            return scanner.run()
        }
    }

    /// The first repeated key of valid JSON `bytes`; `nil` when there is none or when `bytes`
    /// is not valid JSON (the decoder that reads it reports that).
    public static func firstDuplicate(in bytes: Data) -> JSONDuplicateKey? {
        if case .valid(let duplicate, _) = scan(bytes) { return duplicate }
        return nil
    }

    /// The first repeated key of valid JSON `text`; `nil` when there is none or when the text
    /// is not valid JSON.
    public static func firstDuplicate(in text: String) -> JSONDuplicateKey? {
        if case .valid(let duplicate, _) = scan(text) { return duplicate }
        return nil
    }

    /// Refuses JSON `bytes` that repeat a key in an object, or that are not JSON the scan can
    /// read (RFC 8259 in UTF-8, a byte order mark and trailing commas allowed, as Foundation
    /// allows them): a file only a lenient reader accepts never skips the check.
    ///
    /// - Parameter file: the file as the person named it, for the message.
    /// - Throws: ``JSONCheckError`` naming the file, the key (or the problem) and the line.
    public static func check(_ bytes: Data, file: String) throws(JSONCheckError) {
        try check(scan(bytes), file: file)
    }

    /// Refuses JSON `text`: see ``check(_:file:)-(Data,_)``.
    public static func check(_ text: String, file: String) throws(JSONCheckError) {
        try check(scan(text), file: file)
    }

    /// `bytes` itself, once checked: for a one-line check where JSON is decoded,
    /// `try decoder.decode(T.self, from: JSONDuplicateKeys.checked(data, file: path))`.
    ///
    /// - Throws: ``JSONCheckError``, as ``check(_:file:)-(Data,_)``.
    public static func checked(_ bytes: Data, file: String) throws(JSONCheckError) -> Data {
        try check(bytes, file: file)
        return bytes
    }

    private static func check(_ scan: Scan, file: String) throws(JSONCheckError) {
        switch scan {
        case .valid(let duplicate?, _): throw JSONCheckError(file: file, problem: .duplicateKey(duplicate))
        case .valid(nil, _): return
        case .invalid(let line, let column, let reason):
            throw JSONCheckError(file: file, problem: .invalid(line: line, column: column, reason: reason))
        }
    }
}
