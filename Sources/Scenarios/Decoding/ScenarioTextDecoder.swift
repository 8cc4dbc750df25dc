import OutsideInput
import OutsideYAML
import Yams

/// Decodes YAML (and JSON, which YAML reads as well) into Codable types, turning every
/// failure into a ``ScenarioError`` at a file, line and column.
enum ScenarioTextDecoder {
    /// The most nodes a file may expand to, aliases included: stops "billion laughs" files.
    static let maximumNodes = 2_000_000

    /// Decodes `T` from `text`, naming `file` in errors.
    static func decode<T: Decodable>(_ type: T.Type, from text: String, file: String) throws(ScenarioError) -> T {
        if let key = JSONDuplicateKeys.firstDuplicate(in: text) {
            throw ScenarioError(file: file, line: key.line, message: "\(key)")
        }
        let root: Node
        do {
            guard let node = try YAMLShape.compose(text) else {
                throw ScenarioError(
                    file: file, line: 1, column: 1,
                    message: "the file is empty; expected a scenario with title:, authorization: and timeline:")
            }
            root = node
        } catch let error as ScenarioError {
            throw error
        } catch let error as YAMLShapeError {
            throw ScenarioError(file: file, line: error.line, column: error.column, message: error.message)
        } catch let error as YamlError {
            throw syntaxError(error, file: file)
        } catch {
            throw ScenarioError(file: file, message: "cannot read the file: \(error)")
        }
        var budget = maximumNodes
        guard withinBudget(root, &budget) else {
            throw ScenarioError(
                file: file, line: 1, column: 1,
                message:
                    "the file expands to more than \(maximumNodes) values (aliases included); that is not a scenario")
        }
        do {
            return try YAMLDecoder().decode(type, from: root)
        } catch let error as DecodingError {
            throw decodingError(error, root: root, file: file)
        } catch {
            throw ScenarioError(file: file, message: "\(error)")
        }
    }

    private static func withinBudget(_ node: Node, _ budget: inout Int) -> Bool {
        budget -= 1
        guard budget >= 0 else { return false }
        switch node {
        case .scalar, .alias: return true
        case .sequence(let sequence):
            for item in sequence where !withinBudget(item, &budget) { return false }
            return true
        case .mapping(let mapping):
            for (key, value) in mapping where !withinBudget(key, &budget) || !withinBudget(value, &budget) {
                return false
            }
            return true
        }
    }

    private static func syntaxError(_ error: YamlError, file: String) -> ScenarioError {
        switch error {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
            .composer(let context, let problem, let mark, _):
            let detail = context.map { " (\($0.text) at \($0.mark))" } ?? ""
            return ScenarioError(
                file: file, line: mark.line, column: mark.column, message: "not valid YAML or JSON: \(problem)\(detail)"
            )
        case .duplicatedKeysInMapping(let duplicates, let context):
            return ScenarioError(
                file: file, line: context.mark.line, column: context.mark.column,
                message:
                    "duplicate key\(duplicates.count == 1 ? "" : "s") \(duplicates.map { "\(InputQuote.quoted($0))" }.joined(separator: ", ")) in a mapping"
            )
        case .reader(let problem, _, _, _):
            return ScenarioError(file: file, message: "cannot read the text: \(problem)")
        default:
            return ScenarioError(file: file, message: "not valid YAML or JSON: \(error)")
        }
    }

    private static func decodingError(_ error: DecodingError, root: Node, file: String) -> ScenarioError {
        let path: [any CodingKey]
        let message: String
        switch error {
        case .keyNotFound(let key, let context):
            path = context.codingPath
            message = "missing key \(InputQuote.quoted(key.stringValue))\(keyClause(context.codingPath))"
        case .typeMismatch(let type, let context):
            path = context.codingPath
            message =
                context.debugDescription.hasPrefix("expected ")
                ? context.debugDescription
                : "expected \(typeName(type))\(keyClause(context.codingPath))\(found(at: path, in: root))"
        case .valueNotFound(let type, let context):
            path = context.codingPath
            message =
                context.debugDescription.contains("needs a value")
                ? context.debugDescription : "expected \(typeName(type)), found nothing\(keyClause(context.codingPath))"
        case .dataCorrupted(let context):
            path = context.codingPath
            message = context.debugDescription
        @unknown default:
            path = []
            message = "\(error)"
        }
        let mark = Self.mark(for: path, in: root)
        return ScenarioError(file: file, line: mark?.line, column: mark?.column, message: message)
    }

    /// `" for 'timeout'"`: the last named key of a path.
    private static func keyClause(_ path: [any CodingKey]) -> String {
        guard let key = path.last(where: { $0.intValue == nil && !($0 is KeyPositionMarker) }) else { return "" }
        return " for \(InputQuote.quoted(key.stringValue))"
    }

    private static func found(at path: [any CodingKey], in root: Node) -> String {
        guard let node = Self.node(at: path, in: root) else { return "" }
        switch node {
        case .scalar(let scalar): return ", found \(InputQuote.quoted(scalar.string))"
        case .sequence: return ", found a list"
        case .mapping: return ", found a mapping"
        case .alias: return ""
        }
    }

    private static func typeName(_ type: Any.Type) -> String {
        switch type {
        case is Double.Type, is Float.Type: "a number"
        case is Int.Type: "a whole number"
        case is Bool.Type: "true or false"
        case is String.Type: "text"
        case is [String: String].Type: "a mapping (key: value)"
        default:
            if String(describing: type).hasPrefix("Array") || String(describing: type).contains("Sequence") {
                "a list"
            } else if String(describing: type).contains("Mapping") || String(describing: type).hasPrefix("Dictionary") {
                "a mapping (key: value)"
            } else {
                "a value of type \(type)"
            }
        }
    }

    /// The node at `path`, descending mappings by key and sequences by index.
    static func node(at path: [any CodingKey], in root: Node) -> Node? {
        var node = root
        for key in path {
            switch node {
            case .mapping(let mapping):
                guard let value = mapping.first(where: { $0.key.string == key.stringValue })?.value else { return nil }
                node = value
            case .sequence(let sequence):
                guard let index = key.intValue, sequence.indices.contains(index) else { return nil }
                node = sequence[index]
            default: return nil
            }
        }
        return node
    }

    /// The position that best shows `path`: a mapping key itself when the path ends with
    /// ``KeyPositionMarker`` (an unknown key), else the value at the path, else the deepest
    /// node found.
    static func mark(for path: [any CodingKey], in root: Node) -> Mark? {
        var node = root
        var keyMark: Mark?
        for key in path {
            if key is KeyPositionMarker { return keyMark ?? node.mark }
            switch node {
            case .mapping(let mapping):
                guard let pair = mapping.first(where: { $0.key.string == key.stringValue }) else { return node.mark }
                keyMark = pair.key.mark
                node = pair.value
            case .sequence(let sequence):
                guard let index = key.intValue, sequence.indices.contains(index) else { return node.mark }
                node = sequence[index]
            default: return node.mark
            }
        }
        return node.mark ?? keyMark
    }
}
