import Foundation

/// A JSON value as decoded by Foundation's `JSONDecoder`, keeping booleans and numbers apart.
enum JSONNode: Decodable, Equatable {
    case null, bool(Bool), number(Double), string(String), array([JSONNode]), object([String: JSONNode])

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
        } else if let value = try? container.decode([JSONNode].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONNode].self))
        }
    }

    static func parse(_ text: String) throws -> JSONNode {
        try JSONDecoder().decode(JSONNode.self, from: Data(text.utf8))
    }

    subscript(_ key: String) -> JSONNode? {
        if case .object(let members) = self { return members[key] }
        return nil
    }
}

/// Checks JSON against the subset of JSON Schema the OpenAPI document uses: `$ref`,
/// `allOf`, `oneOf` (exactly one matches), `type` (one or a list), `enum`, `required`, `properties`,
/// `additionalProperties: false`, `items`.
struct SchemaValidator: @unchecked Sendable {
    // @unchecked: `document` is parsed once and only read afterwards.
    /// The OpenAPI document (for `$ref`).
    let document: [String: Any]

    /// The problems found; empty when `value` conforms.
    func problems(_ value: JSONNode, _ schema: [String: Any], at path: String = "$") -> [String] {
        if let ref = schema["$ref"] as? String {
            guard let resolved = resolve(ref) else { return ["\(path): unresolved \(ref)"] }
            return problems(value, resolved, at: path)
        }
        var found: [String] = []
        for part in schema["allOf"] as? [[String: Any]] ?? [] { found += problems(value, part, at: path) }
        if let options = schema["oneOf"] as? [[String: Any]] {
            let results = options.map { problems(value, $0, at: path) }
            let matching = results.filter(\.isEmpty).count
            if matching != 1 {
                let why = results.flatMap { $0 }
                found.append("\(path): matches \(matching) of oneOf's \(options.count) schemas: \(why)")
            }
        }
        if let type = schema["type"] {
            let types = (type as? [String]) ?? [type as? String ?? ""]
            if !types.contains(where: { Self.matches(value, $0) }) {
                return found + ["\(path): \(value) is not \(types.joined(separator: " or "))"]
            }
        }
        if let options = schema["enum"] as? [Any] {
            let texts = options.map { "\($0)" }
            if case .string(let text) = value, !texts.contains(text) {
                found.append("\(path): '\(text)' not in \(texts)")
            }
        }
        if case .object(let members) = value {
            let properties = schema["properties"] as? [String: Any] ?? [:]
            for key in schema["required"] as? [String] ?? [] where members[key] == nil {
                found.append("\(path): missing '\(key)'")
            }
            for (key, member) in members {
                if let property = properties[key] as? [String: Any] {
                    found += problems(member, property, at: "\(path).\(key)")
                } else if let additional = schema["additionalProperties"] as? Bool, !additional {
                    found.append("\(path): undocumented member '\(key)'")
                }
            }
        }
        if case .array(let items) = value, let itemSchema = schema["items"] as? [String: Any] {
            for (index, item) in items.enumerated() { found += problems(item, itemSchema, at: "\(path)[\(index)]") }
        }
        return found
    }

    private func resolve(_ ref: String) -> [String: Any]? {
        guard ref.hasPrefix("#/") else { return nil }
        var node: Any = document
        for key in ref.dropFirst(2).split(separator: "/") {
            guard let next = (node as? [String: Any])?[String(key)] else { return nil }
            node = next
        }
        return node as? [String: Any]
    }

    private static func matches(_ value: JSONNode, _ type: String) -> Bool {
        switch (value, type) {
        case (.null, "null"), (.bool, "boolean"), (.string, "string"), (.array, "array"), (.object, "object"),
            (.number, "number"):
            return true
        case (.number(let number), "integer"): return number == number.rounded()
        default: return false
        }
    }

    /// Resolves a `$ref` response object (`#/components/responses/…`) or returns it as is.
    func response(_ object: Any?) -> [String: Any]? {
        guard let object = object as? [String: Any] else { return nil }
        if let ref = object["$ref"] as? String { return resolve(ref) }
        return object
    }
}
