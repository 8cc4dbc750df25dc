/// Text from outside (an announcement, a scenario title, a file name, a line of a file) made
/// safe to print on a terminal.
///
/// A terminal obeys control characters: `ESC [2J` clears the screen, `ESC ]0;…` sets the
/// window title, `ESC ]8;;URL` turns the text after it into a link, a carriage return
/// overwrites the line, and Unicode bidirectional overrides make text read in another order
/// than it is stored (`+48 123` shown as `321 84+`). Every outside string goes through
/// ``terminalSafe(_:allowingNewlines:)`` before it reaches standard output or standard error in a
/// human-readable form; JSON output escapes control characters itself and needs nothing more.
///
/// What is replaced, each by a visible escape so that nothing disappears silently:
/// - C0 controls U+0000–U+001F (except a newline where ``allowingNewlines`` is set, and a
///   tab, which becomes a space) and DEL U+007F: `\x1B`, `\r`, `\x00`, …
/// - C1 controls U+0080–U+009F (`\u{9B}` is a one-byte CSI on some terminals): `\u{9B}`.
/// - Bidirectional formatting characters U+061C, U+200E, U+200F, U+202A–U+202E and
///   U+2066–U+2069: `<U+202E>`.
/// - Zero-width characters that hide text or split a word invisibly: U+200B (zero-width
///   space), U+2060 (word joiner), U+FEFF (zero-width no-break space): `<U+200B>`. The
///   zero-width non-joiner and joiner (U+200C, U+200D) stay: Persian words and emoji
///   sequences need them.
public enum TerminalSafeText {
    /// `text` with every control, bidirectional formatting and hiding zero-width character
    /// replaced by a visible escape.
    ///
    /// ```swift
    /// TerminalSafeText.terminalSafe("Luna\u{1B}[2J")   // "Luna\\x1B[2J"
    /// TerminalSafeText.terminalSafe("a\u{202E}b")      // "a<U+202E>b"
    /// ```
    ///
    /// - Parameters:
    ///   - text: outside text.
    ///   - allowingNewlines: keep `\n` (for multi-line text the caller lays out itself);
    ///     otherwise it is shown as `\n`, so one value stays on one line.
    /// - Returns: `text` itself (no copy) when it has nothing to replace.
    public static func terminalSafe(_ text: String, allowingNewlines: Bool = false) -> String {
        escaping(text) { needsEscape($0, allowingNewlines: allowingNewlines) }
    }

    /// `text` with each scalar for which `unsafe` holds replaced by its visible escape; `text`
    /// itself (no copy) when there is none.
    static func escaping(_ text: String, where unsafe: (Unicode.Scalar) -> Bool) -> String {
        guard text.unicodeScalars.contains(where: unsafe) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if !unsafe(scalar) {
                result.append(scalar)
            } else {
                result.append(contentsOf: escape(scalar).unicodeScalars)
            }
        }
        return String(result)
    }

    /// Whether `scalar` would act on a terminal instead of being shown.
    public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        needsEscape(scalar, allowingNewlines: false) && scalar != "\t"
    }

    static func needsEscape(_ scalar: Unicode.Scalar, allowingNewlines: Bool) -> Bool {
        switch scalar.value {
        case 0x0A: !allowingNewlines
        case 0x00...0x1F, 0x7F, 0x80...0x9F: true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        case 0x200B, 0x2060, 0xFEFF: true
        default: false
        }
    }

    private static func escape(_ scalar: Unicode.Scalar) -> String {
        switch scalar.value {
        case 0x09: " "
        case 0x0A: "\\n"
        case 0x0D: "\\r"
        case 0x00...0x1F, 0x7F: "\\x" + hex(scalar.value, digits: 2)
        case 0x80...0x9F: "\\u{" + hex(scalar.value, digits: 2) + "}"
        default: "<U+" + hex(scalar.value, digits: 4) + ">"
        }
    }

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}

extension String {
    /// This text with control and bidirectional formatting characters shown as escapes: see
    /// ``TerminalSafeText/terminalSafe(_:allowingNewlines:)``.
    public var terminalSafe: String { TerminalSafeText.terminalSafe(self) }
}
