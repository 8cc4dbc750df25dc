import Foundation
import OutsideInput
import OutsideYAML
import ReportSteps
import Yams

/// A report wizard answered from a file: a flat JSON object or YAML mapping of field names to
/// values, applied through the same step models as the terminal, so the rules and messages
/// are the same.
///
/// ```yaml
/// photo: luna.jpg            # relative to the answers file
/// date: 18/11/2025
/// species: dog
/// latitude: "52.2297"
/// ```
///
/// Values are read as written (`52.22970` stays `"52.22970"`, `007` stays `"007"`); `null`
/// or `~` is the same as leaving the field out.
struct ReportAnswers {
    /// The answers in file order.
    let entries: [(key: String, value: String)]
    /// Where relative photo paths start.
    let directory: URL
    /// The file, for messages.
    let path: String

    /// The answer for `key`, if given.
    subscript(key: String) -> String? {
        entries.last(where: { $0.key == key })?.value
    }

    /// The largest answers file read (1 MB); a complete report is under 2 KB.
    static let maximumFileBytes = 1_048_576

    /// Reads and parses `path`.
    ///
    /// - Throws: ``AnswersFileError`` when the file cannot be read or is not a flat mapping of
    ///   scalars.
    static func load(_ path: String) throws(AnswersFileError) -> ReportAnswers {
        let url = URL(fileURLWithPath: path)
        let data: Data
        do {
            data = try BoundedRead.data(path, limit: maximumFileBytes, what: "the answers file")
        } catch {
            throw .unreadable(error)
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw .notUTF8(path: path)
        }
        if let key = JSONDuplicateKeys.firstDuplicate(in: text) {
            throw .repeatedKey(path: path, key: key)
        }
        let root: Node?
        do {
            root = try YAMLShape.compose(text)
        } catch let error as YAMLShapeError {
            throw .shape(path: path, error: error)
        } catch {
            throw .notJSONOrYAML(path: path, detail: "\(error)")
        }
        guard let mapping = root?.mapping else {
            throw .notAMapping(path: path)
        }
        var entries: [(key: String, value: String)] = []
        for (key, value) in mapping {
            guard let name = key.string else { throw .nameNotText(path: path) }
            if value.null != nil { continue }
            guard let scalar = value.scalar else {
                throw .notASingleValue(path: path, name: name)
            }
            entries.append((name, scalar.string))
        }
        return ReportAnswers(entries: entries, directory: url.deletingLastPathComponent(), path: path)
    }

    /// Problems for every key not in `known`.
    func unknownKeys(known: [String]) -> [FieldProblem] {
        entries.filter { !known.contains($0.key) }.map {
            FieldProblem(
                field: $0.key, message: "not a field of this report (fields: \(known.joined(separator: ", ")))")
        }
    }

    /// `true` for `true`, `yes`, `1`; `false` for anything else.
    static func isYes(_ value: String?) -> Bool {
        guard let value else { return false }
        return ["true", "yes", "y", "1", "on"].contains(value.lowercased())
    }
}
