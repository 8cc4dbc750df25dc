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

    /// A file's path as a message shows it: whole up to ``maximumCharacters``, else its start
    /// and its end with `…` between — the end is the file's name and extension, which a
    /// path cut at its end would lose (`…/tracks/2026-05-01-walk.gpx`). Terminal-safe.
    ///
    /// ```swift
    /// InputQuote.path("/home/ala/" + String(repeating: "a", count: 200) + "/walk.gpx")
    /// // "/home/ala/aaaaaaaaaa…aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa/walk.gpx" (80)
    /// ```
    public static func path(_ path: some StringProtocol) -> String {
        guard path.count > maximumCharacters else { return String(path).terminalSafe }
        let head = maximumCharacters / 4
        return (String(path.prefix(head)) + "…" + String(path.suffix(maximumCharacters - head - 1))).terminalSafe
    }
}
