import ArgumentParser

/// Arguments collected with `parsing: .allUnrecognized`, so that values such as
/// `-33.8688,151.2093` are taken as typed instead of as unknown short options.
///
/// Whatever starts with `-` but does not start like a number is still an unknown
/// option, and is reported as such.
enum PassthroughArguments {
    /// Throws a usage error for the first argument that is an option, not a value.
    static func rejectOptions(in arguments: [String]) throws {
        for argument in arguments where argument.hasPrefix("-") && !looksLikeNumber(argument) {
            throw ValidationError("Unknown option '\(argument)'")
        }
    }

    /// `-5`, `-.5`, `-0,5`: a minus sign followed by a digit or a separator and a digit.
    static func looksLikeNumber(_ argument: String) -> Bool {
        let rest = argument.dropFirst()
        guard let first = rest.first else { return false }
        if first.isASCII && first.isNumber { return true }
        if first == "." || first == "," {
            return rest.dropFirst().first.map { $0.isASCII && $0.isNumber } ?? false
        }
        return false
    }
}
