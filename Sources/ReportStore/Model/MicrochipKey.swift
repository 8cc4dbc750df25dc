/// A microchip number as the stores look a pet up by it, whatever the distance (an identical
/// chip is the best match: ``ReportStore/openReports(of:microchipKey:)``): its digits, with
/// the separators people type between them (space, hyphen, dot, slash) removed, and at least
/// 9 of them — the oldest chips have 9 or 10 digits, ISO 11784 ones 15 — so that a short or
/// half-typed number ("12") does not match pets across the country.
///
/// A number with anything else in it ("chip 985…", letters) has no key: it still matches by
/// place, where ``PetReport/microchipNumber``'s digits are compared, but it is not looked up
/// alone. Both engines index the same expression (``sqlExpression(_:)``), so they agree.
///
/// ```swift
/// MicrochipKey.key("985-112 003.456/789")   // "985112003456789"
/// MicrochipKey.key("12 34")                 // nil: fewer than 9 digits
/// MicrochipKey.key("ISO 985112003456789")   // nil: letters
/// ```
public enum MicrochipKey {
    /// The shortest number looked up by itself.
    public static let minimumDigits = 9

    /// The key of `number`; `nil` without one (see above).
    public static func key(_ number: String?) -> String? {
        guard let number else { return nil }
        var digits = ""
        for scalar in number.unicodeScalars {
            switch scalar {
            case "0"..."9": digits.unicodeScalars.append(scalar)
            case " ", "-", ".", "/": continue
            default: return nil
            }
        }
        return digits.count >= minimumDigits ? digits : nil
    }

    /// Whether `text` is a key (``key(_:)`` of itself): only digits, at least ``minimumDigits``.
    public static func isKey(_ text: String) -> Bool {
        text.unicodeScalars.count >= minimumDigits && text.unicodeScalars.allSatisfy { ("0"..."9").contains($0) }
    }

    /// The SQL both engines index and compare to a key: `column` with the separators removed
    /// (the same text in SQLite and PostgreSQL; a value with other characters keeps them and so
    /// equals no key).
    public static func sqlExpression(_ column: String) -> String {
        "replace(replace(replace(replace(\(column), ' ', ''), '-', ''), '.', ''), '/', '')"
    }
}
