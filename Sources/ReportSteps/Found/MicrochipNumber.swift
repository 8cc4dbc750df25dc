/// An optional microchip number ("Collar data"): digits only, at most 15, shown grouped
/// as `00000-00000-00000` while stored as digits (spec 004 FR-008).
///
/// Typing is filtered, not refused: non-digits are dropped and digits past the 15th are
/// not accepted. There is no minimum length.
///
/// ```swift
/// let chip = MicrochipNumber(typing: "12345-678 9a0123456789")
/// chip.digits        // "123456789012345"
/// chip.formatted     // "12345-67890-12345"
/// MicrochipNumber(typing: "1234567").formatted   // "12345-67"
/// ```
public struct MicrochipNumber: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The most digits a microchip number has.
    public static let maximumDigits = 15

    /// The stored value: ASCII digits only, at most 15.
    public let digits: String

    /// Keeps the ASCII digits of `text`, up to 15.
    public init(typing text: some StringProtocol) {
        digits = String(text.filter { $0.isASCII && $0.isNumber }.prefix(Self.maximumDigits))
    }

    /// `true` when no digit was entered.
    public var isEmpty: Bool { digits.isEmpty }

    /// Hyphens after the 5th and 10th digits: `"12345-67890-12345"`, `"12345-6"`.
    public var formatted: String { Self.grouped(digits, size: 5) }

    /// Same as ``formatted``.
    public var description: String { formatted }

    /// `digits` in groups of `size` joined by hyphens.
    static func grouped(_ digits: String, size: Int) -> String {
        var groups: [Substring] = []
        var rest = Substring(digits)
        while !rest.isEmpty {
            groups.append(rest.prefix(size))
            rest = rest.dropFirst(size)
        }
        return groups.joined(separator: "-")
    }
}
