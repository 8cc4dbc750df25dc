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
        return reader.nextItem()
    }

    /// Calls `body` with each record and malformed record of the UTF-8 `bytes`, in order,
    /// holding one record at a time.
    public static func forEach(in bytes: UnsafeBufferPointer<UInt8>, _ body: (Item) throws -> Void) rethrows {
        var reader = CSVRecords(bytes: bytes)
        while let item = reader.nextItem() { try body(item) }
    }

    /// Where a field of the record just read is in the bytes: no `String` is made for it, and
    /// its bytes are read where they are (``bytes(of:)``) unless it is quoted with a quote
    /// written `""` inside (``isEscaped``), whose text only ``string(of:)`` gives.
    struct Field {
        /// The field's text: `bytes[start..<end]`, between its quotes when quoted.
        var start: Int
        var end: Int
        /// Whether each `""` in the text stands for one quote.
        var isEscaped: Bool
    }

    /// What ``nextRecord()`` read.
    enum Reading {
        /// A record starting on `line`; its fields are ``fields``.
        case record(line: Int)
        /// Text starting on `line` that is not a record, and why.
        case malformed(line: Int, reason: String)
    }

    private let text: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var line = 1
    /// The fields of the record just read: one buffer for every record.
    private(set) var fields: [Field] = []

    /// A reader of the UTF-8 `bytes`, which must stay where they are while it reads.
    init(bytes: UnsafeBufferPointer<UInt8>) {
        text = bytes
    }

    private static let quote = UInt8(ascii: "\""), comma = UInt8(ascii: ","), cr = UInt8(ascii: "\r")
    private static let lf = UInt8(ascii: "\n")

    /// The bytes of `field`, which is not ``Field/isEscaped``.
    func bytes(of field: Field) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: text[field.start..<field.end])
    }

    /// The text of `field` (each `""` of a quoted one read as one quote).
    func string(of field: Field) -> String {
        guard field.isEscaped else { return String(decoding: bytes(of: field), as: UTF8.self) }
        var value: [UInt8] = []
        value.reserveCapacity(field.end - field.start)
        var position = field.start
        while position < field.end {
            value.append(text[position])
            position += text[position] == Self.quote ? 2 : 1
        }
        return String(decoding: value, as: UTF8.self)
    }

    private mutating func nextItem() -> Item? {
        switch nextRecord() {
        case nil: nil
        case .malformed(let line, let reason): .malformed(line: line, reason: reason)
        case .record(let line): .record(line: line, fields: fields.map(string(of:)))
        }
    }

    /// Reads the next record (into ``fields``) or malformed record; `nil` at the end.
    mutating func nextRecord() -> Reading? {
        while index < text.count {
            let start = line
            if text[index] == UInt8(ascii: "#") || restOfLineIsBlank() {
                skipLine()
                continue
            }
            do {
                try record()
                return .record(line: start)
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
    private mutating func record() throws(Malformed) {
        fields.removeAll(keepingCapacity: true)
        while true {
            fields.append(try field())
            guard index < text.count else { return }
            if text[index] == Self.comma {
                index += 1
                continue
            }
            skipLineBreak()
            return
        }
    }

    /// One field, leaving `index` at the `,`, the line break or the end.
    private mutating func field() throws(Malformed) -> Field {
        skipSpaces()
        guard index < text.count, text[index] == Self.quote else { return try unquoted() }
        let opening = line
        index += 1
        let start = index
        var isEscaped = false
        while true {
            guard index < text.count else {
                throw Malformed(reason: "the quoted field opened on line \(opening) is never closed")
            }
            let byte = text[index]
            index += 1
            if byte == Self.quote {
                if index < text.count, text[index] == Self.quote {
                    isEscaped = true
                    index += 1
                    continue
                }
                break
            }
            if byte == Self.lf || (byte == Self.cr && (index == text.count || text[index] != Self.lf)) { line += 1 }
        }
        let end = index - 1
        skipSpaces()
        if index < text.count, !Self.endsField(text[index]) {
            throw Malformed(reason: "text after the closing quote of a field (a quote inside a value is written \"\")")
        }
        return Field(start: start, end: end, isEscaped: isEscaped)
    }

    private mutating func unquoted() throws(Malformed) -> Field {
        let start = index
        while index < text.count, !Self.endsField(text[index]) {
            if text[index] == Self.quote {
                throw Malformed(reason: "a quote inside an unquoted field (put the field in quotes and write it \"\")")
            }
            index += 1
        }
        var end = index
        while end > start, text[end - 1] == UInt8(ascii: " ") || text[end - 1] == UInt8(ascii: "\t") { end -= 1 }
        return Field(start: start, end: end, isEscaped: false)
    }

    private static func endsField(_ byte: UInt8) -> Bool {
        byte == comma || byte == cr || byte == lf
    }

    private mutating func skipSpaces() {
        while index < text.count, text[index] == UInt8(ascii: " ") || text[index] == UInt8(ascii: "\t") {
            index += 1
        }
    }

    private func restOfLineIsBlank() -> Bool {
        var position = index
        while position < text.count, text[position] != Self.cr, text[position] != Self.lf {
            guard text[position] == UInt8(ascii: " ") || text[position] == UInt8(ascii: "\t") else { return false }
            position += 1
        }
        return true
    }

    /// Past the next line break (or to the end).
    private mutating func skipLine() {
        while index < text.count, text[index] != Self.cr, text[index] != Self.lf { index += 1 }
        skipLineBreak()
    }

    /// Past CRLF, LF or CR at `index`.
    private mutating func skipLineBreak() {
        guard index < text.count else { return }
        if text[index] == Self.cr, index + 1 < text.count, text[index + 1] == Self.lf { index += 1 }
        index += 1
        line += 1
    }
}
