import Location
import OutsideInput

/// A span of virtual time written in a scenario file: `30s`, `500ms`, `2m`, `1h`, `1m30s`,
/// `1.5s`, or a bare number of seconds (`30`, `0.25`).
///
/// ```swift
/// let timeout = try ScenarioDuration(parsing: "1m30s")
/// timeout.duration        // .seconds(90)
/// timeout.description     // "90s"
/// ```
public struct ScenarioDuration: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// The span itself.
    public var duration: Duration

    /// A span of `duration`.
    public init(_ duration: Duration) { self.duration = duration }

    /// Reads `text` such as `"30s"`, `"500ms"`, `"1m30s"` or `"2.5"` (seconds).
    ///
    /// - Throws: ``ScenarioDurationError`` when the text is not a duration, is negative, or
    ///   has more than millisecond precision.
    public init(parsing text: String) throws(ScenarioDurationError) {
        let trimmed = text.trimmingWhitespace
        guard !trimmed.isEmpty else { throw .invalid(text) }
        if let seconds = Double(trimmed) {
            self = try Self(seconds: seconds, text: text)
            return
        }
        var milliseconds = 0.0
        var rest = Substring(trimmed)
        var lastUnitRank = Int.max
        while !rest.isEmpty {
            let numberText = rest.prefix { $0.isNumber || $0 == "." }
            rest = rest.dropFirst(numberText.count)
            let unitText = rest.prefix { $0.isLetter }
            rest = rest.dropFirst(unitText.count)
            while rest.first == " " { rest = rest.dropFirst() }
            guard let number = Double(numberText), number.isFinite,
                let (rank, scale) = Self.units[String(unitText)], rank < lastUnitRank
            else { throw .invalid(text) }
            lastUnitRank = rank
            milliseconds += number * scale
        }
        self = try Self(seconds: milliseconds / 1000, text: text)
    }

    private init(seconds: Double, text: String) throws(ScenarioDurationError) {
        guard seconds.isFinite else { throw .invalid(text) }
        guard seconds >= 0 else { throw .negative(text) }
        guard seconds <= ScenarioLimits.maximumDurationSeconds else { throw .tooLong(text) }
        let milliseconds = (seconds * 1000).rounded()
        guard abs(milliseconds - seconds * 1000) < 1e-6 else { throw .tooPrecise(text) }
        duration = .milliseconds(Int64(roundingSaturating: milliseconds) ?? 0)
    }

    /// Unit → (rank, milliseconds per unit); ranks make `1m30s` valid and `30s1m` not.
    private static let units: [String: (Int, Double)] = [
        "h": (4, 3_600_000), "m": (3, 60_000), "min": (3, 60_000), "s": (2, 1000), "ms": (1, 1),
    ]

    /// Whole milliseconds in this span.
    public var milliseconds: Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }

    /// Seconds with at most three decimals and a unit: `"90s"`, `"0.25s"`.
    public var description: String { Self.secondsText(milliseconds) + "s" }

    /// `milliseconds` as seconds with at most three decimals and no trailing zeros.
    static func secondsText(_ milliseconds: Int64) -> String {
        Duration.milliseconds(milliseconds).secondsText
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.duration < rhs.duration }

    /// Decodes a number of seconds or a duration string.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text: String
        if let seconds = try? container.decode(Double.self) {
            text = String(seconds)
        } else if let string = try? container.decode(String.self) {
            text = string
        } else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "expected a duration such as 30s, 500ms or 1m30s")
        }
        do {
            self = try Self(parsing: text)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
        }
    }

    /// Encodes as the text form (`"90s"`).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

/// Why a duration in a scenario file was rejected.
public enum ScenarioDurationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Not a duration at all.
    case invalid(String)
    /// Below zero.
    case negative(String)
    /// Longer than ``ScenarioLimits/maximumDurationSeconds``.
    case tooLong(String)
    /// Finer than a millisecond.
    case tooPrecise(String)

    public var description: String {
        switch self {
        case .invalid(let text):
            "expected a duration such as 30s, 500ms, 1m30s or a number of seconds, found \(InputQuote.quoted(text))"
        case .negative(let text): "a duration cannot be negative, found \(InputQuote.quoted(text))"
        case .tooLong(let text):
            "duration \(InputQuote.quoted(text)) is longer than the limit of \(ScenarioLimits.maximumDurationText)"
        case .tooPrecise(let text): "durations are in whole milliseconds, found \(InputQuote.quoted(text))"
        }
    }
}

extension String {
    /// The text without leading and trailing spaces, tabs and line breaks.
    var trimmingWhitespace: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }
}
