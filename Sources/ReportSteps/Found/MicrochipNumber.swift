/// An optional microchip number ("Collar data"): digits only, at most 15, shown grouped
/// as `00000-00000-00000` while stored as digits (spec 004 FR-008).
///
/// The one place the rule lives, for every step and front end that takes a microchip number
/// (Found *Pet details*' Collar data, the Missing flow's microchip step, answers files):
///
/// - ``init(validating:)`` takes a whole entry — a pasted or typed value, an answers file's
///   field — and refuses it, with a message, when it holds anything but digits, spaces and
///   hyphens, or more than 15 digits. Nothing is cut or dropped silently.
/// - ``init(typing:)`` is the keystroke filter of an input that formats as you type (spec 004:
///   "the UI rejects non-digit characters", "extra digits are not accepted").
///
/// ```swift
/// try MicrochipNumber(validating: "12345-67890 12345").formatted   // "12345-67890-12345"
/// try MicrochipNumber(validating: "12345a")                        // throws .notDigits("a")
/// try MicrochipNumber(validating: "1234567890123456")              // throws .tooManyDigits(16)
/// MicrochipNumber(typing: "1234567").formatted                     // "12345-67"
/// ```
public struct MicrochipNumber: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The most digits a microchip number has.
    public static let maximumDigits = 15

    /// The stored value: ASCII digits only, at most 15.
    public let digits: String

    /// Keeps the ASCII digits of `text`, up to 15: what an input that filters each keystroke
    /// stores. A front end that receives a whole value at once uses ``init(validating:)``.
    public init(typing text: some StringProtocol) {
        digits = String(text.filter { $0.isASCII && $0.isNumber }.prefix(Self.maximumDigits))
    }

    /// A whole entry: ASCII digits, with spaces and hyphens between them ignored (how the
    /// number is printed on a collar tag or shown formatted).
    ///
    /// - Throws: ``EntryError`` for any other character or more than 15 digits.
    public init(validating text: some StringProtocol) throws(EntryError) {
        if let other = text.first(where: { !($0.isASCII && $0.isNumber) && $0 != " " && $0 != "-" }) {
            throw .notDigits(String(other))
        }
        let digits = text.filter { $0.isASCII && $0.isNumber }
        guard digits.count <= Self.maximumDigits else { throw .tooManyDigits(digits.count) }
        self.digits = String(digits)
    }

    /// A field's whole entry (``init(validating:)``): a microchip number replaces `number`;
    /// anything else leaves it as it was.
    ///
    /// - Returns: `nil` when the entry was taken, else the field's message (``EntryError``).
    public static func enter(_ text: some StringProtocol, into number: inout MicrochipNumber) -> String? {
        do throws(EntryError) {
            number = try MicrochipNumber(validating: text)
            return nil
        } catch {
            return error.description
        }
    }

    /// What a page's input does with its text after a burst of keystrokes: a valid entry is
    /// taken; otherwise the digits an input that filters each keystroke keeps
    /// (``init(typing:)``, spec 004: "the UI rejects non-digit characters", "extra digits are
    /// not accepted") are taken, so that digits typed before the one too many are never
    /// taken back, and the message says what was left out.
    ///
    /// - Returns: `nil` when the text was taken whole, else the field's message.
    public static func type(_ text: some StringProtocol, into number: inout MicrochipNumber) -> String? {
        do throws(EntryError) {
            number = try MicrochipNumber(validating: text)
            return nil
        } catch {
            let filtered = MicrochipNumber(typing: text)
            defer { number = filtered }
            let digitCount = text.count { $0.isASCII && $0.isNumber }
            if digitCount > maximumDigits {
                return "At most \(maximumDigits) digits; this one has \(digitCount): "
                    + "the first \(maximumDigits) were kept"
            }
            // The refused character is the one init(validating:) names: one rule for what a
            // separator is.
            guard case .notDigits(let other) = error, filtered != number else { return error.description }
            return "Digits only (spaces and hyphens are fine): \u{201C}\(other)\u{201D} was left out"
        }
    }

    /// `true` when no digit was entered.
    public var isEmpty: Bool { digits.isEmpty }

    /// Hyphens after the 5th and 10th digits: `"12345-67890-12345"`, `"12345-6"` (spec 004).
    public var formatted: String { Self.grouped(digits, size: 5) }

    /// Same as ``formatted``.
    public var description: String { formatted }

    /// How the Pet details card shows a microchip number's digits: 15 digits (an ISO 11784
    /// chip, as the Found flow stores it) as `00000-00000-00000` (spec 004), any other length
    /// in groups of three, so that 12 digits read `000-000-000-000` (spec 003 FR-007).
    ///
    /// ```swift
    /// MicrochipNumber.cardText(digits: "123456789012345")   // "12345-67890-12345"
    /// MicrochipNumber.cardText(digits: "123456789012")      // "123-456-789-012"
    /// ```
    public static func cardText(digits: String) -> String {
        grouped(digits, size: digits.count == maximumDigits ? 5 : 3)
    }

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

    /// Why an entry is not a microchip number. The ``description`` is the field's message.
    public enum EntryError: Error, Sendable, Hashable, CustomStringConvertible {
        /// A character other than a digit, a space or a hyphen (the first one).
        case notDigits(String)
        /// More than ``MicrochipNumber/maximumDigits`` digits (how many there were).
        case tooManyDigits(Int)

        /// The message under the field (and in an answers file's problem list).
        public var description: String {
            switch self {
            case .notDigits(let character):
                "Digits only (spaces and hyphens are fine), not \u{201C}\(character)\u{201D}; nothing was changed"
            case .tooManyDigits(let count):
                "At most \(MicrochipNumber.maximumDigits) digits; this one has \(count) (nothing was cut)"
            }
        }
    }
}
