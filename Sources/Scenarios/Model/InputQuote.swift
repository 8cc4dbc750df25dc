import OutsideInput

/// How an error message quotes text from a file: at most ``maximumCharacters`` characters
/// (a 1 MB line is not echoed whole), made terminal-safe, in single quotes.
public enum InputQuote {
    /// The most characters of input a message quotes.
    public static let maximumCharacters = 80

    /// `'text'`, cut to ``maximumCharacters`` with `…` and with control and bidi characters
    /// shown as escapes.
    ///
    /// ```swift
    /// InputQuote.quoted("bogus")                          // "'bogus'"
    /// InputQuote.quoted(String(repeating: "x", count: 1_000_000))   // "'xxx…x…'" (80 x)
    /// ```
    public static func quoted(_ text: some StringProtocol) -> String {
        "'" + excerpt(text) + "'"
    }

    /// `text` cut to ``maximumCharacters`` (with `…` when cut) and made terminal-safe.
    public static func excerpt(_ text: some StringProtocol) -> String {
        let cut = text.count > maximumCharacters ? String(text.prefix(maximumCharacters)) + "…" : String(text)
        return cut.terminalSafe
    }
}
