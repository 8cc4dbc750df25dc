/// The scanner behind ``JSONDuplicateKeys``: one pass over UTF-8 JSON text that checks the
/// RFC 8259 grammar and records, per open object, the keys seen so far.
///
/// Values are not built; only keys become strings. Nesting is an explicit stack (``frames``),
/// so the depth a file can reach is ``maximumDepth``, not the thread's stack.
struct JSONKeyScanner {
    /// An open array or object.
    private struct Frame {
        var isObject: Bool
        /// The current item's index (arrays) or member's key (objects), for paths.
        var index = 0
        var key = ""
    }

    private struct SyntaxError: Error {
        var reason: String
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private let maximumDepth: Int
    private var index = 0
    private var line = 1
    private var lineStart = 0
    private var frames: [Frame] = []
    /// For each open object (innermost last): its keys so far and the line of each.
    private var objectKeys: [[String: Int]] = []
    private var firstDuplicate: JSONDuplicateKey?
    private var members = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            index = 3  // a UTF-8 byte order mark, as Foundation skips it
            lineStart = 3
        }
    }

    mutating func run() -> JSONDuplicateKeys.Scan {
        do {
            try scanDocument()
            return .valid(firstDuplicate: firstDuplicate, members: members)
        } catch {
            return .invalid(line: line, column: index - lineStart + 1, reason: error.reason)
        }
    }

    private mutating func scanDocument() throws(SyntaxError) {
        var expectingValue = true
        while true {
            if expectingValue {
                try scanValueStart()
            }
            // After a complete value (or an empty container's start was consumed above).
            skipWhitespace()
            guard let frame = frames.last else {
                guard index == bytes.count else { throw SyntaxError(reason: "unexpected text after the JSON value") }
                return
            }
            guard index < bytes.count else { throw SyntaxError(reason: "the text ends inside an array or object") }
            let byte = bytes[index]
            if byte == UInt8(ascii: ",") {
                index += 1
                skipWhitespace()
                // A comma before the closing bracket: Foundation's decoder accepts it, so the
                // scan does too (a file it reads must never skip the check).
                if index < bytes.count, bytes[index] == (frame.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    expectingValue = false
                    continue
                }
                if frame.isObject { try scanKey() } else { frames[frames.count - 1].index += 1 }
                expectingValue = true
            } else if byte == (frame.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                index += 1
                close()
                expectingValue = false
            } else {
                throw SyntaxError(
                    reason: frame.isObject ? "expected , or } after a member" : "expected , or ] after an item")
            }
        }
    }

    /// Scans a value; for `[` and `{` only the openings (and first keys) down to the first
    /// value that is not a container, or to an empty container.
    private mutating func scanValueStart() throws(SyntaxError) {
        while true {
            skipWhitespace()
            guard index < bytes.count else { throw SyntaxError(reason: "expected a value, found the end of the text") }
            switch bytes[index] {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let isObject = bytes[index] == UInt8(ascii: "{")
                guard frames.count < maximumDepth else {
                    throw SyntaxError(reason: "nested deeper than \(maximumDepth) arrays and objects")
                }
                index += 1
                skipWhitespace()
                if index < bytes.count, bytes[index] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    index += 1
                    return
                }
                frames.append(Frame(isObject: isObject))
                if isObject {
                    objectKeys.append([:])
                    try scanKey()
                }
                continue  // the first item or member value
            case UInt8(ascii: "\""):
                _ = try scanString(keepingText: false)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                try scanNumber()
            case UInt8(ascii: "t"): try scanLiteral("true")
            case UInt8(ascii: "f"): try scanLiteral("false")
            case UInt8(ascii: "n"): try scanLiteral("null")
            default: throw SyntaxError(reason: "expected a value")
            }
            return
        }
    }

    private mutating func close() {
        if frames.removeLast().isObject { objectKeys.removeLast() }
    }

    /// `"key"` and the `:` after it; records the key in the innermost object.
    private mutating func scanKey() throws(SyntaxError) {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
            throw SyntaxError(reason: "expected a key in double quotes")
        }
        let keyLine = line
        let key = try scanString(keepingText: true)
        members += 1
        let top = objectKeys.count - 1
        if let firstLine = objectKeys[top][key] {
            if firstDuplicate == nil {
                firstDuplicate = JSONDuplicateKey(key: key, path: path(), line: keyLine, firstLine: firstLine)
            }
        } else {
            objectKeys[top][key] = keyLine
        }
        frames[frames.count - 1].key = key
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
            throw SyntaxError(reason: "expected : after a key")
        }
        index += 1
    }

    /// The path of the innermost object: `$`, `$[2]`, `$.location`, `$["a b"]`.
    private func path() -> String {
        var path = "$"
        for frame in frames.dropLast() {
            if !frame.isObject {
                path += "[\(frame.index)]"
            } else if let first = frame.key.unicodeScalars.first, first.properties.isXIDStart || first == "_",
                frame.key.unicodeScalars.allSatisfy({ $0.properties.isXIDContinue })
            {
                path += "." + frame.key
            } else {
                path +=
                    "[\"" + frame.key.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\\\"")
                    + "\"]"
            }
        }
        return path
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"): index += 1
            case UInt8(ascii: "\n"):
                index += 1
                line += 1
                lineStart = index
            default: return
            }
        }
    }
}

extension JSONKeyScanner {
    private mutating func scanLiteral(_ literal: StaticString) throws(SyntaxError) {
        let count = literal.utf8CodeUnitCount
        guard bytes.count - index >= count else { throw SyntaxError(reason: "expected a value") }
        for offset in 0..<count where bytes[index + offset] != literal.utf8Start[offset] {
            throw SyntaxError(reason: "expected a value")
        }
        index += count
    }

    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`
    private mutating func scanNumber() throws(SyntaxError) {
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else { throw SyntaxError(reason: "a number needs digits") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) { throw SyntaxError(reason: "a number cannot start with 0") }
        } else {
            skipDigits()
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw SyntaxError(reason: "a number needs digits after the decimal point")
            }
            skipDigits()
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw SyntaxError(reason: "a number needs digits in its exponent")
            }
            skipDigits()
        }
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private mutating func skipDigits() {
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }

    /// A string from its opening quote to past its closing quote; its decoded text when
    /// `keepingText` (keys), else `""` (only checked).
    private mutating func scanString(keepingText: Bool) throws(SyntaxError) -> String {
        index += 1
        let start = index
        var plain = true  // ASCII without escapes: the bytes are the text
        var escaped = false
        while true {
            guard index < bytes.count else { throw SyntaxError(reason: "a string is not closed") }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") { break }
            if byte < 0x20 { throw SyntaxError(reason: "a control character inside a string must be escaped") }
            if byte == UInt8(ascii: "\\") {
                escaped = true
                plain = false
                index += 1
                guard index < bytes.count else { throw SyntaxError(reason: "a string is not closed") }
                switch bytes[index] {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                    UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    index += 1
                case UInt8(ascii: "u"):
                    guard bytes.count - index > 4, (1...4).allSatisfy({ hexValue(bytes[index + $0]) != nil }) else {
                        throw SyntaxError(reason: "\\u needs four hexadecimal digits")
                    }
                    index += 5
                default: throw SyntaxError(reason: "an unknown escape in a string")
                }
                continue
            }
            if byte >= 0x80 { plain = false }
            index += 1
        }
        let body = UnsafeBufferPointer(rebasing: bytes[start..<index])
        index += 1
        if plain { return keepingText ? String(decoding: body, as: UTF8.self) : "" }
        if !escaped {
            guard let text = String(validating: body, as: UTF8.self) else {
                throw SyntaxError(reason: "a string is not valid UTF-8")
            }
            return keepingText ? text : ""
        }
        return try unescape(body)
    }

    /// The text of a string body with escapes; checks its UTF-8 and its surrogate pairs.
    private func unescape(_ body: UnsafeBufferPointer<UInt8>) throws(SyntaxError) -> String {
        var utf8: [UInt8] = []
        utf8.reserveCapacity(body.count)
        var position = 0
        while position < body.count {
            let byte = body[position]
            guard byte == UInt8(ascii: "\\") else {
                utf8.append(byte)
                position += 1
                continue
            }
            let kind = body[position + 1]
            position += 2
            let simple: UInt8? =
                switch kind {
                case UInt8(ascii: "b"): 0x08
                case UInt8(ascii: "f"): 0x0C
                case UInt8(ascii: "n"): 0x0A
                case UInt8(ascii: "r"): 0x0D
                case UInt8(ascii: "t"): 0x09
                case UInt8(ascii: "u"): nil
                default: kind
                }
            if let simple {
                utf8.append(simple)
                continue
            }
            var value = hex4(body, at: position)
            position += 4
            if (0xD800...0xDBFF).contains(value) {
                let low =
                    body.count - position >= 6 && body[position] == UInt8(ascii: "\\")
                        && body[position + 1] == UInt8(ascii: "u") ? hex4(body, at: position + 2) : 0
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw SyntaxError(reason: "a \\u escape is half of a surrogate pair")
                }
                value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                position += 6
            } else if (0xDC00...0xDFFF).contains(value) {
                throw SyntaxError(reason: "a \\u escape is half of a surrogate pair")
            }
            guard let scalar = Unicode.Scalar(value) else { throw SyntaxError(reason: "an invalid \\u escape") }
            utf8.append(contentsOf: scalar.utf8)
        }
        guard let text = String(validating: utf8, as: UTF8.self) else {
            throw SyntaxError(reason: "a string is not valid UTF-8")
        }
        return text
    }

    private func hex4(_ body: UnsafeBufferPointer<UInt8>, at position: Int) -> UInt32 {
        (0..<4).reduce(0) { $0 << 4 | UInt32(hexValue(body[position + $1]) ?? 0) }
    }

    private func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
