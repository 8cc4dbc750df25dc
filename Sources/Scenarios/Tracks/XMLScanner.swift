import OutsideInput

/// A small, strict XML scanner for GPX: elements, attributes, text, CDATA, comments and
/// processing instructions, the five predefined entities and character references. No DTDs
/// (so no entity expansion), no other encodings than UTF-8.
///
/// GPX files are untrusted input, and FoundationXML on Linux crashes on some malformed
/// documents (fuzzing found a null dereference for `encoding="UTF-7"` and a `strlen(NULL)`
/// for an empty processing instruction), so GPX is read with this instead.
struct XMLScanner {
    /// What the scanner found, in document order.
    enum Event: Equatable {
        case start(name: String, attributes: [String: String], line: Int, column: Int)
        case end(name: String, line: Int, column: Int)
        case text(String)
    }

    /// The deepest element nesting accepted.
    static let maximumDepth = 64

    private let bytes: [UInt8]
    private var index = 0
    private(set) var line = 1
    private(set) var column = 1
    private var open: [String] = []
    private var sawElement = false

    init(_ bytes: [UInt8]) {
        self.bytes = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
    }

    /// The next event, or `nil` at the end of a well-formed document.
    mutating func next() throws(TrackError) -> Event? {
        if let end = pendingEnd {
            pendingEnd = nil
            open.removeLast()
            return .end(name: end.name, line: end.line, column: end.column)
        }
        return try scan()
    }

    private mutating func scan() throws(TrackError) -> Event? {
        while index < bytes.count {
            if bytes[index] != UInt8(ascii: "<") {
                let text = try scanText()
                if open.isEmpty {
                    guard text.allSatisfy(\.isWhitespace) else { throw failure("text outside the root element") }
                    continue
                }
                return .text(text)
            }
            if starts(with: "<?") {
                try skip(past: "?>", what: "processing instruction")
            } else if starts(with: "<!--") {
                try skip(past: "-->", what: "comment")
            } else if starts(with: "<![CDATA[") {
                let (startLine, startColumn) = (line, column)
                advance(9)
                guard let end = find("]]>") else { throw failure("unterminated CDATA section", startLine, startColumn) }
                let text = String(decoding: bytes[index..<end], as: UTF8.self)
                advance(end + 3 - index)
                guard !open.isEmpty else { throw failure("CDATA outside the root element", startLine, startColumn) }
                return .text(text)
            } else if starts(with: "<!") {
                throw failure("DOCTYPE and other declarations are not supported in GPX")
            } else if starts(with: "</") {
                return try scanEndTag()
            } else {
                return try scanStartTag()
            }
        }
        if let unclosed = open.last { throw failure("<\(shown(unclosed))> is not closed") }
        guard sawElement else { throw failure("no root element") }
        return nil
    }

    private mutating func scanStartTag() throws(TrackError) -> Event {
        let (startLine, startColumn) = (line, column)
        guard open.count < Self.maximumDepth else { throw failure("elements nested deeper than \(Self.maximumDepth)") }
        guard sawElement == false || !open.isEmpty else { throw failure("a second root element") }
        advance(1)
        let name = try scanName()
        var attributes: [String: String] = [:]
        while true {
            skipWhitespace()
            guard index < bytes.count else {
                throw failure("unterminated <\(shown(name))> tag", startLine, startColumn)
            }
            if starts(with: "/>") {
                advance(2)
                sawElement = true
                // Self-closing: report the start now and the end on the next call.
                open.append(name)
                pendingEnd = (name, line, column)
                return .start(name: name, attributes: attributes, line: startLine, column: startColumn)
            }
            if bytes[index] == UInt8(ascii: ">") {
                advance(1)
                sawElement = true
                open.append(name)
                return .start(name: name, attributes: attributes, line: startLine, column: startColumn)
            }
            let attribute = try scanName()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else {
                throw failure("expected = after attribute \(shown(attribute))")
            }
            advance(1)
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
                throw failure("expected a quoted value for attribute \(shown(attribute))")
            }
            let quote = bytes[index]
            advance(1)
            guard let end = bytes[index...].firstIndex(of: quote) else {
                throw failure("unterminated value of attribute \(shown(attribute))")
            }
            let raw = bytes[index..<end]
            guard !raw.contains(UInt8(ascii: "<")) else {
                throw failure("< in the value of attribute \(shown(attribute))")
            }
            let value = try decodeEntities(raw)
            advance(end + 1 - index)
            guard attributes[attribute] == nil else { throw failure("attribute \(shown(attribute)) appears twice") }
            attributes[attribute] = value
        }
    }

    /// A self-closing element's end, reported by the call after its start.
    private var pendingEnd: (name: String, line: Int, column: Int)?

    private mutating func scanEndTag() throws(TrackError) -> Event {
        let (startLine, startColumn) = (line, column)
        advance(2)
        let name = try scanName()
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ">") else {
            throw failure("unterminated </\(shown(name))> tag")
        }
        advance(1)
        guard let expected = open.last else {
            throw failure("</\(shown(name))> without an open element", startLine, startColumn)
        }
        guard expected == name else {
            throw failure("expected </\(shown(expected))>, found </\(shown(name))>", startLine, startColumn)
        }
        open.removeLast()
        return .end(name: name, line: startLine, column: startColumn)
    }

    private mutating func scanName() throws(TrackError) -> String {
        let start = index
        while index < bytes.count, !Self.endsName(bytes[index]) { advance(1) }
        guard index > start else { throw failure("expected a name") }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func scanText() throws(TrackError) -> String {
        let end = bytes[index...].firstIndex(of: UInt8(ascii: "<")) ?? bytes.count
        let text = try decodeEntities(bytes[index..<end])
        advance(end - index)
        return text
    }

    private func decodeEntities(_ raw: ArraySlice<UInt8>) throws(TrackError) -> String {
        guard raw.contains(UInt8(ascii: "&")) else { return String(decoding: raw, as: UTF8.self) }
        var result: [UInt8] = []
        var position = raw.startIndex
        // Whole runs between entities are copied at once.
        while let ampersand = raw[position...].firstIndex(of: UInt8(ascii: "&")) {
            result.append(contentsOf: raw[position..<ampersand])
            guard let semicolon = raw[ampersand...].prefix(12).firstIndex(of: UInt8(ascii: ";")) else {
                throw failure("& that does not start an entity (write &amp;)")
            }
            let entity = String(decoding: raw[(ampersand + 1)..<semicolon], as: UTF8.self)
            switch entity {
            case "amp": result.append(UInt8(ascii: "&"))
            case "lt": result.append(UInt8(ascii: "<"))
            case "gt": result.append(UInt8(ascii: ">"))
            case "quot": result.append(UInt8(ascii: "\""))
            case "apos": result.append(UInt8(ascii: "'"))
            default:
                let digits =
                    entity.hasPrefix("#x") ? entity.dropFirst(2) : entity.hasPrefix("#") ? entity.dropFirst() : ""
                let radix = entity.hasPrefix("#x") ? 16 : 10
                guard !digits.isEmpty, let value = UInt32(digits, radix: radix), let scalar = Unicode.Scalar(value),
                    value != 0
                else { throw failure("unknown entity &\(shown(entity));") }
                result.append(contentsOf: Array(String(Character(scalar)).utf8))
            }
            position = semicolon + 1
        }
        result.append(contentsOf: raw[position...])
        return String(decoding: result, as: UTF8.self)
    }

    private mutating func skip(past terminator: String, what: String) throws(TrackError) {
        let (startLine, startColumn) = (line, column)
        guard let end = find(terminator) else { throw failure("unterminated \(what)", startLine, startColumn) }
        advance(end + terminator.utf8.count - index)
    }

    private mutating func skipWhitespace() {
        while index < bytes.count, Self.isWhitespace(bytes[index]) { advance(1) }
    }

    private func starts(with prefix: String) -> Bool {
        bytes[index...].starts(with: prefix.utf8)
    }

    private func find(_ needle: String) -> Int? {
        let pattern = Array(needle.utf8)
        guard bytes.count >= pattern.count else { return nil }
        var position = index
        while position + pattern.count <= bytes.count {
            if bytes[position] == pattern[0], bytes[position..<(position + pattern.count)].elementsEqual(pattern) {
                return position
            }
            position += 1
        }
        return nil
    }

    private mutating func advance(_ count: Int) {
        for _ in 0..<count where index < bytes.count {
            if bytes[index] == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if bytes[index] & 0xC0 != 0x80 {
                column += 1
            }
            index += 1
        }
    }

    /// A name from the document as a message shows it: a name has no length limit, and a
    /// message quotes at most ``InputQuote/maximumCharacters`` of input.
    private func shown(_ name: String) -> String { InputQuote.excerpt(name) }

    private func failure(_ message: String, _ line: Int? = nil, _ column: Int? = nil) -> TrackError {
        TrackError(line: line ?? self.line, column: column ?? self.column, message: "not valid GPX (XML): \(message)")
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private static func endsName(_ byte: UInt8) -> Bool {
        isWhitespace(byte) || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "=")
            || byte == UInt8(ascii: "<") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
    }
}
