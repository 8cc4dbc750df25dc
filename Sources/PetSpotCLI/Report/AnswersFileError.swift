import OutsideInput
import OutsideYAML

/// An answers file (`--answers FILE`) that cannot be used: it cannot be read, or it is not
/// one flat JSON object or YAML mapping of field names to single values.
enum AnswersFileError: CommandFailure {
    /// The file cannot be read.
    case unreadable(FileReadError)
    /// The file at `path` is not UTF-8 text.
    case notUTF8(path: String)
    /// The file writes a key twice.
    case repeatedKey(path: String, key: JSONDuplicateKey)
    /// The YAML has a shape PetSpot refuses (a key that is a list, deep nesting).
    case shape(path: String, error: YAMLShapeError)
    /// The file is neither JSON nor YAML (`detail`: the parser's words).
    case notJSONOrYAML(path: String, detail: String)
    /// The file is JSON or YAML, but not one object or mapping.
    case notAMapping(path: String)
    /// A field name is not text.
    case nameNotText(path: String)
    /// The value of field `name` is a list or a mapping.
    case notASingleValue(path: String, name: String)

    var message: String {
        switch self {
        case .unreadable(let error): error.message
        case .notUTF8(let path): "The answers file \(path) is not UTF-8 text."
        case .repeatedKey(let path, let key): "\(path), line \(key.line): \(key)."
        case .shape(let path, let error): "\(path), \(error)."
        case .notJSONOrYAML(let path, let detail): "The answers file \(path) is not valid JSON or YAML: \(detail)"
        case .notAMapping(let path):
            "The answers file \(path) must be one JSON object or YAML mapping of field names to values."
        case .nameNotText(let path): "\(path): every field name must be text."
        case .notASingleValue(let path, let name):
            "\(path): the value of \(name) must be a single value, not a list or a mapping."
        }
    }
}
