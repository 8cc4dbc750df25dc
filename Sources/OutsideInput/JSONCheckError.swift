public import Foundation

/// A JSON file refused by ``JSONDuplicateKeys/check(_:file:)-(Data,_)``: an object repeats a
/// key, or the text is not JSON the strict scan can read (so the check cannot be skipped by
/// text that only a lenient reader accepts).
///
/// `description` names the file; `errorDescription` (what `localizedDescription` gives) is
/// the reason alone, for a message that names the file itself.
public struct JSONCheckError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    /// What is wrong with the text.
    public enum Problem: Sendable, Hashable {
        /// An object repeats a key.
        case duplicateKey(JSONDuplicateKey)
        /// Not JSON (RFC 8259, UTF-8): where the scan stopped and why.
        case invalid(line: Int, column: Int, reason: String)
    }

    /// The file as the person named it (or "standard input").
    public let file: String
    /// What is wrong.
    public let problem: Problem

    /// `/path/consent.json, line 3: the key "status" appears twice in the top-level object
    /// (lines 1 and 3); a key may appear only once.`
    public var description: String {
        "\(file.terminalSafe), \(reason)."
    }

    /// The reason without the file: `line 3: the key "status" appears twice in …`.
    public var errorDescription: String? { reason }

    private var reason: String {
        switch problem {
        case .duplicateKey(let duplicate): "line \(duplicate.line): \(duplicate)"
        case .invalid(let line, let column, let reason): "line \(line), column \(column): not valid JSON: \(reason)"
        }
    }
}
