/// The records of CSV text (RFC 4180), each with the line it starts on.
///
/// - Records end at CRLF, LF or a lone CR, so files from every system read the same.
/// - Fields are separated by `,`; a field in double quotes may hold commas, line breaks and
///   quotes (written `""`); spaces around a quoted field are ignored.
/// - A line whose first character is `#` is a comment, and a line of only white space is
///   skipped (neither is a record). A value that starts with `#` is written in quotes.
/// - A quote inside an unquoted field, or text after a closing quote, makes that record
///   malformed (reported with its line; reading goes on at the next line). A quote that is
///   never closed makes the rest of the text one malformed record.
///
/// Hand-written rather than yaslab/CSV.swift (which is in the package mirror; re-checked at
/// 2.5.2): every message about a bad report names its line, and a quoted field can span lines,
/// so the reader must say on which physical line each record starts — CSV.swift's `CSVReader`
/// exposes only `next()`, `currentRow` and `headerRow`, no line or offset. The reader also has
/// to refuse a stray quote instead of reading it as text, and CSV.swift decodes the input one
/// Unicode scalar at a time through an iterator, while this is one pass over the UTF-8 bytes
/// already in memory (10^6 rows parse in a fraction of the 2 s an import of them may take;
/// Docs/Store.md has the numbers).
public struct CSVRecords {
    /// One record, or why the text at `line` is not one.
    public enum Item: Equatable, Sendable {
        /// The fields of a record starting on `line`.
        case record(line: Int, fields: [String])
        /// Text starting on `line` that is not a record, and why.
        case malformed(line: Int, reason: String)
    }

    /// Every record and malformed record of `text`, in order.
    public static func read(_ text: String) -> [Item] {
        var items: [Item] = []
        var text = text
        text.withUTF8 { bytes in forEach(in: bytes) { items.append($0) } }
        return items
    }

    /// The first record or malformed record of the UTF-8 `bytes` (reading no further).
    public static func first(in bytes: UnsafeBufferPointer<UInt8>) -> Item? {
        var reader = CSVRecords(bytes: bytes)
        return reader.next()
    }

    /// Calls `body` with each record and malformed record of the UTF-8 `bytes`, in order,
    /// holding one record at a time.
    public static func forEach(in bytes: UnsafeBufferPointer<UInt8>, _ body: (Item) throws -> Void) rethrows {
        var reader = CSVRecords(bytes: bytes)
        while let item = reader.next() { try body(item) }
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var line = 1
    /// The fields of the record being read: one buffer for every record (when the caller has
    /// let go of the last record's, as ``forEach(in:_:)`` does), not a growing array per record.
    private var fields: [String] = []

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    private static let quote = UInt8(ascii: "\""), comma = UInt8(ascii: ","), cr = UInt8(ascii: "\r")
    private static let lf = UInt8(ascii: "\n")

    private mutating func next() -> Item? {
        while index < bytes.count {
            let start = line
            if bytes[index] == UInt8(ascii: "#") || restOfLineIsBlank() {
                skipLine()
                continue
            }
            do {
                return .record(line: start, fields: try record())
            } catch {
                skipLine()
                return .malformed(line: start, reason: error.reason)
            }
        }
        return nil
    }

    private struct Malformed: Error {
        var reason: String
    }

    /// The fields up to the end of the line (past its line break).
    private mutating func record() throws(Malformed) -> [String] {
        fields.removeAll(keepingCapacity: true)
        while true {
            let value = try field()
            fields.append(value)
            guard index < bytes.count else { return fields }
            if bytes[index] == Self.comma {
                index += 1
                continue
            }
            skipLineBreak()
            return fields
        }
    }

    /// One field, leaving `index` at the `,`, the line break or the end.
    private mutating func field() throws(Malformed) -> String {
        skipSpaces()
        guard index < bytes.count, bytes[index] == Self.quote else { return try unquoted() }
        let opening = line
        index += 1
        var value: [UInt8] = []
        while true {
            guard index < bytes.count else {
                throw Malformed(reason: "the quoted field opened on line \(opening) is never closed")
            }
            let byte = bytes[index]
            index += 1
            if byte == Self.quote {
                if index < bytes.count, bytes[index] == Self.quote {
                    value.append(Self.quote)
                    index += 1
                    continue
                }
                break
            }
            if byte == Self.lf || (byte == Self.cr && (index == bytes.count || bytes[index] != Self.lf)) { line += 1 }
            value.append(byte)
        }
        skipSpaces()
        if index < bytes.count, !Self.endsField(bytes[index]) {
            throw Malformed(reason: "text after the closing quote of a field (a quote inside a value is written \"\")")
        }
        return String(decoding: value, as: UTF8.self)
    }

    private mutating func unquoted() throws(Malformed) -> String {
        let start = index
        while index < bytes.count, !Self.endsField(bytes[index]) {
            if bytes[index] == Self.quote {
                throw Malformed(reason: "a quote inside an unquoted field (put the field in quotes and write it \"\")")
            }
            index += 1
        }
        var end = index
        while end > start, bytes[end - 1] == UInt8(ascii: " ") || bytes[end - 1] == UInt8(ascii: "\t") { end -= 1 }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }

    private static func endsField(_ byte: UInt8) -> Bool {
        byte == comma || byte == cr || byte == lf
    }

    private mutating func skipSpaces() {
        while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") {
            index += 1
        }
    }

    private func restOfLineIsBlank() -> Bool {
        var position = index
        while position < bytes.count, bytes[position] != Self.cr, bytes[position] != Self.lf {
            guard bytes[position] == UInt8(ascii: " ") || bytes[position] == UInt8(ascii: "\t") else { return false }
            position += 1
        }
        return true
    }

    /// Past the next line break (or to the end).
    private mutating func skipLine() {
        while index < bytes.count, bytes[index] != Self.cr, bytes[index] != Self.lf { index += 1 }
        skipLineBreak()
    }

    /// Past CRLF, LF or CR at `index`.
    private mutating func skipLineBreak() {
        guard index < bytes.count else { return }
        if bytes[index] == Self.cr, index + 1 < bytes.count, bytes[index + 1] == Self.lf { index += 1 }
        index += 1
        line += 1
    }
}
