import OutsideInput
import Testing

/// "Shepherd dog" in Hebrew, a right-to-left mark after it.
private let hebrew = "\u{5DB}\u{5DC}\u{5D1} \u{5E8}\u{5D5}\u{5E2}\u{5D4}\u{200F}"

/// Outside text on a web page (issue 43): right-to-left text as written, its marks kept; the
/// controls that reorder what follows, and the rest of what the terminal escapes, as escapes.
@Suite struct PageSafeTextTests {
    @Test(arguments: [
        (hebrew, hebrew),
        ("\u{200E}+48 123\u{200E}", "\u{200E}+48 123\u{200E}"),
        ("\u{643}\u{644}\u{628}\u{61C} 2", "\u{643}\u{644}\u{628}\u{61C} 2"),
        ("+48 \u{202E}321", "+48 <U+202E>321"),
        ("\u{202A}a\u{202B}b\u{202C}c\u{202D}d", "<U+202A>a<U+202B>b<U+202C>c<U+202D>d"),
        ("\u{2066}x\u{2067}y\u{2068}z\u{2069}", "<U+2066>x<U+2067>y<U+2068>z<U+2069>"),
        ("line one\nline two", "line one\nline two"),
        ("Luna\u{1B}[2J", "Luna\\x1B[2J"),
        ("Zero\u{200B}width", "Zero<U+200B>width"),
    ])
    func rightToLeftTextStaysAndReorderingControlsAreEscaped(input: String, expected: String) {
        #expect(PageSafeText.pageSafe(input) == expected)
    }

    @Test func theTerminalStillEscapesTheMarks() {
        #expect(TerminalSafeText.terminalSafe("a\u{200F}b\u{200E}c\u{61C}") == "a<U+200F>b<U+200E>c<U+061C>")
    }
}
