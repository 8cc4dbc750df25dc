/// The scanner's values: literals, numbers, strings (keys decoded, escapes and UTF-8
/// checked).
extension JSONKeyScanner {
    mutating func scanLiteral(_ literal: StaticString) throws(SyntaxError) {
        let count = literal.utf8CodeUnitCount
        guard bytes.count - index >= count else { throw SyntaxError(reason: "expected a value") }
        for offset in 0..<count where bytes[index + offset] != literal.utf8Start[offset] {
            throw SyntaxError(reason: "expected a value")
        }
        index += count
    }

    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`
    mutating func scanNumber() throws(SyntaxError) {
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

    func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    mutating func skipDigits() {
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }

    /// A string from its opening quote to past its closing quote; its decoded text when
    /// `keepingText` (keys), else `""` (only checked).
    mutating func scanString(keepingText: Bool) throws(SyntaxError) -> String {
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
    func unescape(_ body: UnsafeBufferPointer<UInt8>) throws(SyntaxError) -> String {
        var utf8: [UInt8] = []
        utf8.reserveCapacity(body.count)
        var position = 0
        // Whole runs between escapes are copied at once.
        while let escape = body[position...].firstIndex(of: UInt8(ascii: "\\")) {
            utf8.append(contentsOf: body[position..<escape])
            let kind = body[escape + 1]
            position = escape + 2
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
        utf8.append(contentsOf: body[position...])
        guard let text = String(validating: utf8, as: UTF8.self) else {
            throw SyntaxError(reason: "a string is not valid UTF-8")
        }
        return text
    }

    func hex4(_ body: UnsafeBufferPointer<UInt8>, at position: Int) -> UInt32 {
        (0..<4).reduce(0) { $0 << 4 | UInt32(hexValue(body[position + $1]) ?? 0) }
    }

    func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
