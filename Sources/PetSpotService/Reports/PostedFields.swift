import Foundation
import Hummingbird
import OutsideInput
import ReportSteps
import ReportStore

/// A report posted as one JSON object (``JSONInput``, the service's one body reader), read
/// member by member so that every member's problem is listed: a wrong type is a field
/// problem, not a refusal of the whole body. Members are the fields' names (``ReportField``).
struct PostedFields {
    private let members: [String: JSONInput]
    /// The problems found while reading members, in the order they were read.
    private(set) var problems: [FieldProblem] = []

    /// Reads `data`, listing every member not in `known` as a problem.
    ///
    /// - Throws: ``Problem`` (400) when it is not one JSON object or has a key twice.
    init(_ data: Data, known: [String]) throws(Problem) {
        guard case .object(let members) = try JSONInput.parse(data) else {
            throw Problem(.badRequest, detail: "The request body must be one JSON object of report fields.")
        }
        self.members = members
        for key in members.keys.sorted() where !known.contains(key) {
            fail(
                String(key.prefix(60)).terminalSafe,
                "not a field of this report (fields: \(known.joined(separator: ", ")))")
        }
    }

    /// Whether `name` is present and not null.
    func has(_ name: String) -> Bool {
        switch members[name] {
        case nil, .null?: false
        default: true
        }
    }

    /// A text member; numbers are accepted when `numbers` (written as their shortest decimal).
    mutating func text(_ name: String, numbers: Bool = false) -> String? {
        switch members[name] {
        case nil, .null?: return nil
        case .string(let value)?: return value
        case .number(let value)? where numbers: return Self.decimal(value)
        case let value?:
            fail(name, "must be \(numbers ? "text or a number" : "text"), not \(Self.kind(value))")
            return nil
        }
    }

    /// A number member; text holding a plain decimal number is accepted.
    mutating func number(_ name: String) -> Double? {
        switch members[name] {
        case nil, .null?: return nil
        case .number(let value)?: return value
        case .string(let text)?:
            if let value = PlainDecimal.parse(text.trimmingCharacters(in: .whitespaces)) { return value }
            fail(name, "must be a number, not the text \"\(String(text.prefix(40)).terminalSafe)\"")
            return nil
        case let value?:
            fail(name, "must be a number, not \(Self.kind(value))")
            return nil
        }
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

    /// Enters the members named like `step`'s fields (`only` those, when given) into it, as
    /// whole values: numbers are taken where the field holds one (an age, a coordinate, a
    /// microchip number).
    ///
    /// - Returns: the names of the fields whose value the step refused (their problem is listed).
    mutating func fill<Form: FieldForm>(_ step: inout Form, only: [ReportField]? = nil) -> Set<String> {
        var refused: Set<String> = []
        for field in only ?? Form.fields {
            let numbers = [.wholeNumber, .coordinate, .digits].contains(field.fieldKind)
            guard let text = text(field.rawValue, numbers: numbers) else { continue }
            do throws(FieldTextError) {
                try step.enter(text, in: field, as: .whole)
            } catch {
                fail(field.rawValue, error.description)
                refused.insert(field.rawValue)
            }
        }
        return refused
    }

    /// Records a problem with `field`.
    mutating func fail(_ field: String, _ message: String) {
        problems.append(FieldProblem(field: field, message: message))
    }

    /// What a member is, in a message: `"a number"`, `"true"`.
    static func kind(_ value: JSONInput) -> String {
        switch value {
        case .null: "null"
        case .bool(let value): "\(value)"
        case .number: "a number"
        case .string: "text"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// `52.2297`, `21`, `1e-07`: Swift's shortest text that reads back as `value`.
    static func decimal(_ value: Double) -> String {
        value.magnitude < 1e15 ? Int64(exactly: value).map { String($0) } ?? "\(value)" : "\(value)"
    }
}
