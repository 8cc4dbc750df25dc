/// Multi-line text with a hard character limit: input past the limit is dropped, pasted
/// text is truncated (spec 000 FR-011), and a `123/500` counter is shown.
///
/// Characters are Swift `Character`s (what a person sees as one character: `"é"`, `"🐶"`),
/// so an emoji never gets cut in half.
///
/// ```swift
/// var text = LimitedText(limit: 500)
/// text.set(String(repeating: "a", count: 600))   // returns true: it was truncated
/// text.value.count                               // 500
/// text.counterText                               // "500/500"
/// ```
public struct LimitedText: Sendable, Hashable {
    /// The most characters the text may have.
    public let limit: Int
    /// The current text, never longer than ``limit``.
    public private(set) var value: String

    /// Text limited to `limit` characters, starting as `value` (truncated if longer).
    public init(limit: Int, value: String = "") {
        self.limit = max(0, limit)
        self.value = String(value.prefix(max(0, limit)))
    }

    /// Replaces the text, keeping the first ``limit`` characters.
    ///
    /// - Returns: `true` when characters were dropped.
    @discardableResult
    public mutating func set(_ text: String) -> Bool {
        let kept = String(text.prefix(limit))
        value = kept
        return kept.count < text.count
    }

    /// `"123/500"`.
    public var counterText: String { "\(value.count)/\(limit)" }

    /// `true` when no more characters can be typed.
    public var isAtLimit: Bool { value.count >= limit }

    /// The text with surrounding white space removed, or `nil` when that leaves nothing.
    public var trimmedValue: String? { value.trimmedNonEmpty }
}

extension String {
    /// The text with leading and trailing white space (newlines included) removed, or `nil`
    /// when nothing is left.
    var trimmedNonEmpty: String? {
        let trimmed = self.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed()
        return trimmed.isEmpty ? nil : String(trimmed)
    }
}
