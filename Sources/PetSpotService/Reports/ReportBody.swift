import Foundation
import Hummingbird
import OutsideInput

/// A report posted as a JSON object, member by member, so that every member's problem is
/// listed (a wrong type is a field error, not a refusal of the whole body).
struct ReportBody {
    /// One member's value.
    enum Value: Decodable {
        case null
        case bool(Bool)
        case number(Double)
        case text(String)
        case other(String)

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() {
                self = .null
            } else if let value = try? container.decode(Bool.self) {
                self = .bool(value)
            } else if let value = try? container.decode(Double.self) {
                self = .number(value)
            } else if let value = try? container.decode(String.self) {
                self = .text(value)
            } else if (try? container.decode([Value].self)) != nil {
                self = .other("an array")
            } else {
                self = .other("an object")
            }
        }

        var kind: String {
            switch self {
            case .null: "null"
            case .bool(let value): "\(value)"
            case .number: "a number"
            case .text: "text"
            case .other(let kind): kind
            }
        }
    }

    /// A field and what is wrong with it (the step models' messages).
    typealias FieldError = (field: String, message: String)

    private let members: [String: Value]
    /// The problems found while reading members.
    private(set) var errors: [FieldError] = []

    /// Reads `data`.
    ///
    /// - Throws: ``Problem`` (400) when it is not one JSON object or has a key twice.
    init(_ data: Data, known: [String]) throws(Problem) {
        do {
            try JSONDuplicateKeys.check(data, file: "the request body")
        } catch {
            throw Problem(.badRequest, detail: "The request body is not valid: \(error.description)")
        }
        do {
            members = try JSONDecoder().decode([String: Value].self, from: data)
        } catch {
            throw Problem(.badRequest, detail: "The request body must be one JSON object of report fields.")
        }
        for key in members.keys.sorted() where !known.contains(key) {
            errors.append(
                (
                    String(key.prefix(60)).terminalSafe,
                    "not a field of this report (fields: \(known.joined(separator: ", ")))"
                ))
        }
    }

    /// Whether `name` is present and not null.
    func has(_ name: String) -> Bool {
        if case .none = members[name] { return false }
        if case .null = members[name] { return false }
        return true
    }

    /// A text member; numbers are accepted when `numbers` (written as their shortest decimal).
    mutating func text(_ name: String, numbers: Bool = false) -> String? {
        switch members[name] {
        case .none, .null: return nil
        case .text(let value): return value
        case .number(let value) where numbers: return Self.decimal(value)
        case .some(let value):
            errors.append((name, "must be \(numbers ? "text or a number" : "text"), not \(value.kind)"))
            return nil
        }
    }

    /// A number member; text holding a plain decimal number is accepted.
    mutating func number(_ name: String) -> Double? {
        switch members[name] {
        case .none, .null: return nil
        case .number(let value): return value
        case .text(let text):
            if let value = PlainDecimal.parse(text.trimmingCharacters(in: .whitespaces)) { return value }
            errors.append((name, "must be a number, not the text \"\(String(text.prefix(40)).terminalSafe)\""))
            return nil
        case .some(let value):
            errors.append((name, "must be a number, not \(value.kind)"))
            return nil
        }
    }

    /// Records a problem with `field`.
    mutating func fail(_ field: String, _ message: String) {
        errors.append((field, message))
    }

    /// A text no longer than `limit` characters (a form stops typing at the limit; a body
    /// must never be cut silently).
    mutating func limited(_ name: String, limit: Int) -> String? {
        guard let value = text(name) else { return nil }
        guard value.count <= limit else {
            fail(name, "at most \(limit) characters; this one has \(value.count) (nothing was cut: shorten it)")
            return nil
        }
        return value
    }

    /// `52.2297`, `21`, `1e-07`: Swift's shortest text that reads back as `value`.
    static func decimal(_ value: Double) -> String {
        value.magnitude < 1e15 ? Int64(exactly: value).map { String($0) } ?? "\(value)" : "\(value)"
    }
}
