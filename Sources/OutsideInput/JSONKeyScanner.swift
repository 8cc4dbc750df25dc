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

    struct SyntaxError: Error {
        var reason: String
    }

    let bytes: UnsafeBufferPointer<UInt8>
    private let maximumDepth: Int
    var index = 0
    var line = 1
    var lineStart = 0
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
