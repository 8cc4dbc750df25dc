import Foundation
import Hummingbird
import OutsideInput
import PetSpotJSON

/// A JSON value a client sent, decoded by Foundation's `JSONDecoder` after the duplicate-key
/// check, with booleans, numbers and strings kept apart.
enum JSONInput: Decodable, Sendable {
    case null, bool(Bool), number(Double), string(String), array([JSONInput]), object([String: JSONInput])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONInput].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONInput].self))
        }
    }

    /// The request body `data` as JSON.
    ///
    /// - Throws: ``Problem`` (400) for text that is not JSON or repeats a key in an object.
    static func parse(_ data: Data) throws(Problem) -> JSONInput {
        do {
            try JSONDuplicateKeys.check(data, file: "the request body")
        } catch {
            throw Problem(.badRequest, detail: "The body is not usable JSON: \(error.errorDescription ?? "not JSON").")
        }
        do {
            return try JSONDecoder().decode(JSONInput.self, from: data)
        } catch {
            throw Problem(.badRequest, detail: "The body is not usable JSON.")
        }
    }

    /// The same value for an answer, objects with their keys sorted.
    var jsonValue: JSONValue {
        switch self {
        case .null: .null
        case .bool(let value): .bool(value)
        case .number(let value): .number(value)
        case .string(let value): .string(value)
        case .array(let values): .array(values.map(\.jsonValue))
        case .object(let members): .object(members.sorted { $0.key < $1.key }.map { ($0.key, $0.value.jsonValue) })
        }
    }

    /// What a member is, for messages: `"a number"`.
    var kind: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

extension JSONValue {
    /// `value` encoded by Foundation's `JSONEncoder`, as an answer's JSON (keys sorted).
    static func encoding(_ value: some Encodable) -> JSONValue {
        guard let data = try? JSONEncoder().encode(value),
            let input = try? JSONDecoder().decode(JSONInput.self, from: data)
        else { return .null }
        return input.jsonValue
    }
}
