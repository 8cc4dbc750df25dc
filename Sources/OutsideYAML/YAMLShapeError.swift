/// A YAML text refused by ``YAMLShape/check(_:)`` before it is composed: where and why.
///
/// `description` is `line 3, column 3: a mapping key must be a plain value (a name such as
/// title), not a list`; the caller adds the file's name.
public struct YAMLShapeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong.
    public enum Problem: Sendable, Hashable {
        /// A mapping key is a list, a mapping or an alias (`*name`), not a plain value.
        case keyIsNotAPlainValue(found: String)
        /// Lists and mappings are nested more deeply than ``YAMLShape/maximumDepth``.
        case nestedTooDeeply(limit: Int)
    }

    /// The line of the offending node, from 1.
    public let line: Int
    /// Its column, from 1.
    public let column: Int
    /// What is wrong.
    public let problem: Problem

    /// The reason alone: `a mapping key must be a plain value (a name such as title), not a list`.
    public var message: String {
        switch problem {
        case .keyIsNotAPlainValue(let found):
            "a mapping key must be a plain value (a name such as title), not \(found)"
        case .nestedTooDeeply(let limit):
            "lists and mappings are nested more than \(limit) levels deep"
        }
    }

    /// `line 3, column 3: ` and the reason.
    public var description: String { "line \(line), column \(column): \(message)" }
}
