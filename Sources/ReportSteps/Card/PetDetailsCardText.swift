import Foundation
import OutsideInput

/// The Pet details card as lines of text for a terminal, as `petspot show` prints it: the
/// title, the status badge and reward, the photo URL (or "Image not available"), then
/// `label  value` rows in screen order, a multi-line description indented under its label,
/// and "Show on the map" with the map's URL (or "No location data").
///
/// With a `width`, the short fields (species, breed, sex, age, microchip, place: spec 003
/// FR-014) are cut to one line with an ellipsis; the description and the contacts are shown
/// in full (FR-013, FR-006).
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
        /// The map link's URL, shown as written: a caller may make it a terminal hyperlink
        /// (OSC 8) to the same URL, which the card built itself from numbers and a
        /// percent-encoded name (plain ASCII, no control characters).
        case link(String)
    }

    /// The card's lines, without line breaks.
    ///
    /// - Parameters:
    ///   - card: the card.
    ///   - usesColor: whether `paint` styles text; without colours the badge is `[MISSING]`.
    ///   - width: the terminal's columns, to cut the short fields to; `nil` cuts nothing.
    ///   - paint: wraps text (already terminal-safe) in a style; by default leaves it as it is.
    public static func lines(
        _ card: PetDetailsCard, usesColor: Bool = false, width: Int? = nil,
        paint: (String, Style) -> String = { text, _ in text }
    ) -> [String] {
        let status = card.status.text.terminalSafe
        var top = usesColor ? paint(" \(status) ", .badge(card.status.color)) : "[\(status)]"
        if let reward = card.rewardText { top += "  " + paint("Reward: \(reward.terminalSafe)", .bold) }
        let photo = card.photoURL.trimmedNonEmpty == nil ? paint(card.photoText, .gray) : card.photoURL.terminalSafe
        var lines = ["Pet details", "", top, "Photo: \(photo)", ""]
        let column = (card.fields.map(\.label.count).max() ?? 0) + 2
        let indent = String(repeating: " ", count: column)
        for field in card.fields {
            let label = paint(field.label + String(repeating: " ", count: column - field.label.count), .dim)
            var valueLines = safeLines(field.value, multiline: field.isMultiline)
            if let width, field.isTruncated {
                valueLines = valueLines.map { truncated($0, to: width - column) }
            }
            for (index, value) in valueLines.enumerated() {
                let shown = field.isEmpty ? paint(value, .gray) : value
                lines.append((index == 0 ? label : indent) + shown)
            }
        }
        lines.append("")
        if let url = card.mapURL {
            lines.append("\(PetDetailsCard.showOnTheMap): " + paint(url, .link(url)))
        } else {
            lines.append("\(PetDetailsCard.showOnTheMap): " + paint(PetDetailsCard.noLocationData, .gray))
        }
        return lines
    }

    /// `text` cut to `room` characters (at least 2), ending in `…` when it was longer.
    static func truncated(_ text: String, to room: Int) -> String {
        let room = max(2, room)
        return text.count <= room ? text : String(text.prefix(room - 1)) + "\u{2026}"
    }

    private static func safeLines(_ value: String, multiline: Bool) -> [String] {
        guard multiline else { return [value.terminalSafe] }
        let normalized = value.replacingOccurrences(of: "\r\n", with: "\n")
        return TerminalSafeText.terminalSafe(normalized, allowingNewlines: true)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }
}
