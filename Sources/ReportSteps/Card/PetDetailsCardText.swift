import Foundation
import OutsideInput

/// The Pet details card as lines of text for a terminal, as `petspot show` prints it: the
/// title, the status badge and reward, the photo URL, then `label  value` rows in screen
/// order, a multi-line description indented under its label.
///
/// This is the one place card text is laid out for a terminal, so it is where outside text
/// is made safe: every value that comes from the announcement (status, reward, photo URL,
/// phone, email, breed, place, description…) goes through
/// ``TerminalSafeText/terminalSafe(_:allowingNewlines:)`` before it is painted, and no line
/// holds a control or bidi character the renderer did not put there itself (the styles,
/// applied by the caller's `paint`). A description keeps its line breaks (CRLF read as one);
/// every other value stays on its one line.
///
/// ```swift
/// let lines = PetDetailsCardText.lines(card)                  // plain text
/// let painted = PetDetailsCardText.lines(card, usesColor: true) { text, style in … }
/// ```
public enum PetDetailsCardText {
    /// What a piece of the card is, for the caller's colours.
    public enum Style: Sendable, Hashable {
        /// The status badge: inverse video in the badge's colour.
        case badge(PetDetailsCard.StatusBadge.Color)
        /// The reward.
        case bold
        /// Labels.
        case dim
        /// `—` for a missing value.
        case gray
    }

    /// The card's lines, without line breaks.
    ///
    /// - Parameters:
    ///   - card: the card.
    ///   - usesColor: whether `paint` styles text; without colours the badge is `[MISSING]`.
    ///   - paint: wraps text (already terminal-safe) in a style; by default leaves it as it is.
    public static func lines(
        _ card: PetDetailsCard, usesColor: Bool = false, paint: (String, Style) -> String = { text, _ in text }
    ) -> [String] {
        let status = card.status.text.terminalSafe
        var top = usesColor ? paint(" \(status) ", .badge(card.status.color)) : "[\(status)]"
        if let reward = card.rewardText { top += "  " + paint("Reward: \(reward.terminalSafe)", .bold) }
        var lines = ["Pet details", "", top, "Photo: \(card.photoURL.terminalSafe)", ""]
        let width = (card.fields.map(\.label.count).max() ?? 0) + 2
        let indent = String(repeating: " ", count: width)
        for field in card.fields {
            let label = paint(field.label + String(repeating: " ", count: width - field.label.count), .dim)
            let valueLines = safeLines(field.value, multiline: field.label == descriptionLabel)
            for (index, value) in valueLines.enumerated() {
                let shown = field.value == PetDetailsCard.dash ? paint(value, .gray) : value
                lines.append((index == 0 ? label : indent) + shown)
            }
        }
        return lines
    }

    /// The label of the one value shown on several lines.
    static let descriptionLabel = "Animal Additional Description"

    private static func safeLines(_ value: String, multiline: Bool) -> [String] {
        guard multiline else { return [value.terminalSafe] }
        let normalized = value.replacingOccurrences(of: "\r\n", with: "\n")
        return TerminalSafeText.terminalSafe(normalized, allowingNewlines: true)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }
}
