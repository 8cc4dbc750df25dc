import OutsideInput

/// Input that parses as arguments but is not valid data (a coordinate out of range, a bad
/// reports file). ArgumentParser prints `Error: ` and the ``description``, and exits with 1;
/// usage mistakes stay `ValidationError`s (exit 64).
///
/// The message often quotes the input (a field, a file name), so it is kept terminal-safe:
/// control and bidi characters become visible escapes; line breaks stay.
struct InputError: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = TerminalSafeText.terminalSafe(description, allowingNewlines: true)
    }
}
