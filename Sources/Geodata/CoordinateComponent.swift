/// What ``Latitude`` and ``Longitude`` share: a validated number of degrees on one axis,
/// parsed from a field's text and formatted with five decimals.
///
/// A value of a conforming type is always finite and inside its axis' range; the only
/// ways to make one check that.
public protocol CoordinateComponent: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// The axis the values lie on.
    static var axis: CoordinateAxis { get }

    /// The value in degrees: finite, inside `Self.axis.range`, never `-0.0`.
    var degrees: Double { get }

    /// Creates a value after checking it.
    ///
    /// - Throws: ``CoordinateFieldError/invalidFormat`` for NaN,
    ///   ``CoordinateFieldError/outOfRange(_:)`` outside the axis' range (infinity included:
    ///   a number written with hundreds of digits reads as infinitely large).
    init(degrees: Double) throws(CoordinateFieldError)
}

extension CoordinateComponent {
    /// Checks a number of degrees for this axis; `-0.0` becomes `0.0`.
    static func validated(_ degrees: Double) throws(CoordinateFieldError) -> Double {
        guard !degrees.isNaN else { throw .invalidFormat }
        guard axis.range.contains(degrees) else { throw .outOfRange(axis) }
        return degrees == 0 ? 0 : degrees
    }

    /// Parses a form field's text.
    ///
    /// Empty or white-space-only text is *no value* and returns `nil`; it is not an error
    /// by itself (the pair rules in ``CoordinateFieldsValidation`` decide). Surrounding
    /// white space is ignored; a sign (`+`, `-`, `−`) and one decimal separator (`.` or `,`)
    /// are accepted.
    ///
    /// ```swift
    /// try Latitude.parse("52,2297")   // 52.2297
    /// try Latitude.parse("  ")        // nil
    /// try Latitude.parse("1e1")       // throws .invalidFormat
    /// try Latitude.parse("91")        // throws .outOfRange(.latitude)
    /// try Latitude.parse("1" + String(repeating: "0", count: 400))   // throws .outOfRange(.latitude)
    /// ```
    ///
    /// - Throws: ``CoordinateFieldError/invalidFormat`` or ``CoordinateFieldError/outOfRange(_:)``.
    @inlinable
    public static func parse(_ text: some StringProtocol) throws(CoordinateFieldError) -> Self? {
        try value(of: DecimalText.read(text))
    }

    /// ``parse(_:)`` of the UTF-8 `bytes` of a field's text, without making a `String` of them
    /// (a reader of files in memory, such as the CSV import).
    ///
    /// - Throws: ``CoordinateFieldError/invalidFormat`` or ``CoordinateFieldError/outOfRange(_:)``.
    @inlinable
    public static func parse(utf8 bytes: UnsafeBufferPointer<UInt8>) throws(CoordinateFieldError) -> Self? {
        try value(of: DecimalText.read(bytes: bytes))
    }

    /// The value a field's reading gives (`nil` for an empty field).
    @inlinable
    static func value(of reading: DecimalText.Reading) throws(CoordinateFieldError) -> Self? {
        switch reading {
        case .empty: return nil
        case .invalid: throw .invalidFormat
        case .number(let degrees): return try Self(degrees: degrees)
        }
    }

    /// The value with exactly five decimals and `.` as separator: `"52.22970"`.
    public var formatted: String {
        // A validated value is finite and within ±180, so the formatter always answers.
        FiveDecimalFormat.string(degrees) ?? String(degrees)
    }

    /// Same as ``formatted``.
    public var description: String { formatted }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.degrees < rhs.degrees }

    public init(from decoder: any Decoder) throws {
        self = try decoder.singleValueContainer().decodeChecked(Double.self, Self.init(degrees:)) {
            "\(Self.axis.name) \($0): \($1.description)"
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(degrees)
    }
}
