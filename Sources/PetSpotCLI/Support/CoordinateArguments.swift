import ArgumentParser
import Geodata

/// Coordinate pairs typed as command-line arguments: each pair as one argument
/// (`-33.8688,151.2093`, `"52.2297, 21.0122"`) or split in two (`52.2297, 21.0122`).
enum CoordinateArguments {
    /// `count` coordinates from `arguments` (collected with `parsing: .allUnrecognized`).
    ///
    /// - Parameter names: What each pair is called in messages (`FROM`, `TO`).
    /// - Throws: `ValidationError` (usage, exit 64) for the wrong number of arguments or an
    ///   unknown option; ``ArgumentValueError`` (exit 1) with Geodata's message for a pair that is not
    ///   a valid coordinate.
    static func coordinates(_ arguments: [String], names: [String]) throws -> [Coordinate] {
        try zip(names, texts(arguments, names: names)).map { name, text in try coordinate(text, name: name) }
    }

    /// The pairs' texts, one per name: call it from `validate()` so that usage errors show the
    /// subcommand's usage.
    static func texts(_ arguments: [String], names: [String]) throws -> [String] {
        try PassthroughArguments.rejectOptions(in: arguments)
        if arguments.count == names.count { return arguments }
        if arguments.count == 2 * names.count {
            return stride(from: 0, to: arguments.count, by: 2).map { "\(arguments[$0]) \(arguments[$0 + 1])" }
        }
        throw ValidationError(
            "Give \(names.joined(separator: " and ")), each a pair such as 52.2297,21.0122 or \"52.2297, 21.0122\".")
    }

    /// One coordinate from a pair's text, with Geodata's message when it is not valid.
    static func coordinate(_ text: String, name: String) throws -> Coordinate {
        do {
            return try Coordinate(parsing: text)
        } catch {
            throw ArgumentValueError.coordinate(name: name, text: text, error: error)
        }
    }
}
