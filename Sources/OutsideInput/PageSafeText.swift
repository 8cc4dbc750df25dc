/// Text from outside made safe to show on a web page, where it is written as text (never as
/// markup) into an element that isolates its direction (`dir="auto"`, `<bdi>`).
///
/// A page is not a terminal: right-to-left text is text, and the marks that place its
/// punctuation and numbers — U+200E (left-to-right mark), U+200F (right-to-left mark), U+061C
/// (Arabic letter mark) — stay, so Hebrew or Arabic reads as it was written, never as
/// `<U+200F>`. What can make a value read in another order than it is stored still shows as a
/// visible escape, as ``TerminalSafeText`` shows it: the embeddings and overrides U+202A–U+202E
/// (`+48 123` shown as `321 84+`) and the isolates U+2066–U+2069, which reorder what follows
/// them. So do C0 and C1 controls (a newline stays) and the zero-width characters that hide
/// text (U+200B, U+2060, U+FEFF), which are not about direction.
///
/// ```swift
/// PageSafeText.pageSafe("\u{5DB}\u{5DC}\u{5D1}\u{200F} 2")   // "כלב\u{200F} 2": unchanged
/// PageSafeText.pageSafe("+48 \u{202E}321")                   // "+48 <U+202E>321"
/// ```
public enum PageSafeText {
    /// `text` with every control that reorders what follows, every control character but a
    /// newline, and every hiding zero-width character replaced by a visible escape; the
    /// bidirectional marks stay.
    public static func pageSafe(_ text: String) -> String {
        TerminalSafeText.escaping(text) { scalar in
            !bidirectionalMarks.contains(scalar.value)
                && TerminalSafeText.needsEscape(scalar, allowingNewlines: true)
        }
    }

    /// U+061C, U+200E, U+200F: marks that act as a strong character of their direction where
    /// they stand and reorder nothing after them.
    static let bidirectionalMarks: Set<UInt32> = [0x061C, 0x200E, 0x200F]
}
