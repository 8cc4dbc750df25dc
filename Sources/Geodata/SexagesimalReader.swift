/// One value of a pair as read from the text: degrees (with minutes and seconds
/// folded in), its sign if written, and its hemisphere letter if any.
struct SexagesimalValue {
    var degrees: Double
    var hasSign: Bool
    var hemisphere: Hemisphere?

    /// The degrees with the hemisphere applied (`S`/`W` negate).
    var signedDegrees: Double { hemisphere?.isNegative == true ? -degrees : degrees }
}

/// The values read from a pair's text: the first two, and how many there were.
struct SexagesimalValues {
    var first: SexagesimalValue?
    var second: SexagesimalValue?
    var count = 0

    mutating func append(_ value: SexagesimalValue) {
        if count == 0 { first = value } else if count == 1 { second = value }
        count += 1
    }
}

/// Groups ``PairToken``s into values:
/// `[hemisphere] number [° [number ′ [number ″]]] [hemisphere]` or, in GeographicLib's colon
/// notation, `[hemisphere] number [: number [: number]] [hemisphere]`, with at most one
/// separator between values.
struct SexagesimalReader {
    private let tokens: UnsafeBufferPointer<PairToken>
    private let text: UTF8Text
    private var index = 0

    /// A reader of `tokens`, whose byte ranges lie in `text`.
    init(_ tokens: UnsafeBufferPointer<PairToken>, in text: UTF8Text) {
        self.tokens = tokens
        self.text = text
    }

    mutating func values() throws(CoordinateParseError) -> SexagesimalValues {
        var values = SexagesimalValues()
        var usedPrefix = false
        while index < tokens.count {
            if values.count > 0, tokens[index].kind == .separator {
                index += 1
                guard index < tokens.count else { throw unexpected(tokens[index - 1]) }
            }
            var value = try value(hemispherePrefix: &usedPrefix)
            // A trailing letter belongs to this value unless values are written prefix-style.
            if !usedPrefix, index < tokens.count, case .hemisphere(let hemisphere) = tokens[index].kind {
                value.hemisphere = hemisphere
                index += 1
            }
            values.append(value)
        }
        return values
    }

    private mutating func value(hemispherePrefix usedPrefix: inout Bool) throws(CoordinateParseError)
        -> SexagesimalValue
    {
        var prefix: Hemisphere?
        if case .hemisphere(let hemisphere) = tokens[index].kind {
            prefix = hemisphere
            usedPrefix = true
            index += 1
        }
        guard index < tokens.count else {
            throw tokens.last.map(unexpected) ?? .empty
        }
        guard case .number(let degrees, let hasSign, let degreesAreInteger) = tokens[index].kind else {
            throw unexpected(tokens[index])
        }
        let written = tokens[index].bytes
        index += 1
        var total = degrees.magnitude
        if take(.degree) {
            if let minutes = numberFollowed(by: .minute) {
                let seconds = numberFollowed(by: .second)
                total += try parts(degrees: written, wholeDegrees: degreesAreInteger, minutes, seconds)
            }
        } else if take(.colon) {
            // GeographicLib's `DD:MM[:SS]`: after a colon a number must follow.
            let minutes = try numberAfterColon()
            let seconds = take(.colon) ? try numberAfterColon() : nil
            total += try parts(degrees: written, wholeDegrees: degreesAreInteger, minutes, seconds)
        }
        let negative = degrees.sign == .minus
        return SexagesimalValue(degrees: negative ? -total : total, hasSign: hasSign, hemisphere: prefix)
    }

    /// A number with its bytes, as ``numberFollowed(by:)`` gives it.
    typealias Part = (value: Double, isInteger: Bool, bytes: Range<Int>)

    /// Minutes and seconds in degrees, after checking them as DMS has it: whole degrees (and
    /// whole minutes) before a further part, every part below 60.
    private func parts(degrees written: Range<Int>, wholeDegrees: Bool, _ minutes: Part, _ seconds: Part?)
        throws(CoordinateParseError) -> Double
    {
        guard wholeDegrees else {
            throw .invalidSexagesimal("degrees \(text.string(written)) have a fraction and are followed by minutes")
        }
        guard minutes.value < 60 else {
            throw .invalidSexagesimal("minutes \(text.string(minutes.bytes)) must be less than 60")
        }
        guard let seconds else { return minutes.value / 60 }
        guard minutes.isInteger else {
            throw .invalidSexagesimal(
                "minutes \(text.string(minutes.bytes)) have a fraction and are followed by seconds")
        }
        guard seconds.value < 60 else {
            throw .invalidSexagesimal("seconds \(text.string(seconds.bytes)) must be less than 60")
        }
        return minutes.value / 60 + seconds.value / 3600
    }

    /// The unsigned number that must follow a colon.
    private mutating func numberAfterColon() throws(CoordinateParseError) -> Part {
        guard index < tokens.count, case .number(let value, false, let isInteger) = tokens[index].kind else {
            throw unexpected(tokens[index - 1])
        }
        index += 1
        return (value, isInteger, tokens[index - 1].bytes)
    }

    /// Consumes `mark` if it is next.
    private mutating func take(_ mark: PairToken.Kind) -> Bool {
        guard index < tokens.count, tokens[index].kind == mark else { return false }
        index += 1
        return true
    }

    /// Consumes an unsigned `number mark` if both are next.
    private mutating func numberFollowed(by mark: PairToken.Kind) -> Part? {
        guard index + 1 < tokens.count, tokens[index + 1].kind == mark,
            case .number(let value, false, let isInteger) = tokens[index].kind
        else { return nil }
        index += 2
        return (value, isInteger, tokens[index - 2].bytes)
    }

    private func unexpected(_ token: PairToken) -> CoordinateParseError {
        .unexpectedCharacter(text.string(token.bytes), position: token.position)
    }
}
