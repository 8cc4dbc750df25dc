import OutsideInput

/// Input that parses as arguments but is not valid data (a coordinate out of range, a bad
/// reports file, a file that cannot be read): each kind is a typed error of its own
/// (``FileReadError``, ``AnswersFileError``, ``ReportsFileError``, …) whose ``message`` is
/// what a person sees. ArgumentParser prints `Error: ` and the ``description`` and exits 1;
/// usage mistakes stay `ValidationError`s (exit 64).
///
/// The message often quotes the input (a field, a file name), so the description is kept
/// terminal-safe: control and bidi characters become visible escapes; line breaks stay.
protocol CommandFailure: Error, CustomStringConvertible {
    /// The message, as the error words it.
    var message: String { get }
}

extension CommandFailure {
    /// The message, terminal-safe.
    var description: String { TerminalSafeText.terminalSafe(message, allowingNewlines: true) }
}
