import Foundation
import Hummingbird
import OutsideInput

/// A request's query string, read strictly: only the parameters an endpoint takes, each at
/// most once, percent-decoded. Anything else is a 400 problem naming the parameter.
struct Query {
    private var values: [String: String] = [:]

    /// Reads `request`'s query; `allowed` are the names the endpoint takes.
    ///
    /// - Throws: ``Problem`` (400) for an unknown or repeated parameter or bad percent-encoding.
    init(_ request: Request, allowed: [String]) throws(Problem) {
        guard let query = request.uri.query, !query.isEmpty else { return }
        // Split on the UTF-8 view: `&` and `=` are ASCII, and Character splitting (grapheme
        // breaking) stood out in a profile of the service under wrk.
        for item in query.utf8.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            let parts = item.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = Self.percentDecoded(Substring(parts[0])) else {
                throw Problem(.badRequest, detail: "The query string has invalid percent-encoding.")
            }
            let raw = parts.count > 1 ? Substring(parts[1]) : ""
            guard allowed.contains(name) else {
                let shown = String(name.prefix(40)).terminalSafe
                let takes = allowed.isEmpty ? "no query parameters" : "only " + allowed.joined(separator: ", ")
                throw Problem.badParameter(name, "Unknown query parameter '\(shown)'; this endpoint takes \(takes).")
            }
            guard let value = Self.percentDecoded(raw) else {
                throw Problem.badParameter(name, "Query parameter '\(name)' has invalid percent-encoding.")
            }
            guard values[name] == nil else {
                throw Problem.badParameter(name, "Query parameter '\(name)' is given twice; give it once.")
            }
            values[name] = value
        }
    }

    /// `text` decoded as `application/x-www-form-urlencoded` (what HTML forms and most clients
    /// send): `%XX` escapes decoded and `+` a space (a plus sign is `%2B`); `nil` when an escape
    /// is broken or the result is not UTF-8.
    static func percentDecoded(_ text: Substring) -> String? {
        // Most values have no escapes: they are already valid UTF-8.
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "+") }) else {
            return String(text)
        }
        var bytes: [UInt8] = []
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                return nil
            }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// The parameter's text, if given.
    subscript(_ name: String) -> String? { values[name] }

    /// The parameter's text.
    ///
    /// - Throws: ``Problem`` (400) saying `rule` when it is missing.
    func required(_ name: String, _ rule: String) throws(Problem) -> String {
        guard let value = values[name] else {
            throw Problem.badParameter(name, "Query parameter '\(name)' is required: \(rule).")
        }
        return value
    }

    /// The parameter as a plain decimal number (``PlainDecimal``: digits, one point, a sign) in
    /// `range`, or `nil` when not given.
    ///
    /// - Throws: ``Problem`` (400) saying `rule` when it is not such a number.
    func number(_ name: String, in range: ClosedRange<Double>, _ rule: String) throws(Problem) -> Double? {
        guard let text = values[name] else { return nil }
        // Plain decimals only, as the CLI reads them: `Double(_:)` would take `0x10`, `0x1p4`,
        // `1e3`, `nan` and `inf`.
        guard let value = PlainDecimal.parse(text.trimmingCharacters(in: .whitespaces)), range.contains(value)
        else {
            throw Problem.badParameter(
                name, "Query parameter '\(name)' must be \(rule); got '\(String(text.prefix(40)).terminalSafe)'.")
        }
        return value
    }

    /// The whole number `name` in `range`, or `nil` when absent; a 400 naming the rule otherwise.
    func wholeNumber(_ name: String, in range: ClosedRange<Int>) throws(Problem) -> Int? {
        let rule = "a whole number from \(range.lowerBound) to \(range.upperBound)"
        guard let value = try number(name, in: Double(range.lowerBound)...Double(range.upperBound), rule) else {
            return nil
        }
        guard value == value.rounded() else {
            throw Problem.badParameter(name, "Query parameter '\(name)' must be \(rule).")
        }
        return Int(value)
    }
}
