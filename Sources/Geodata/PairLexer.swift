/// A token of a coordinate pair's text: what it is, where its text lies, and its 1-based
/// character position for messages. A plain value (no `String`), so that tokens can live
/// in stack memory.
struct PairToken: Equatable, BitwiseCopyable {
    enum Kind: Equatable, BitwiseCopyable {
        /// A number with its sign.
        case number(Double, hasSign: Bool, isInteger: Bool)
        case degree
        case minute
        case second
        case hemisphere(Hemisphere)
        /// `:` between the parts of `DD:MM:SS` (GeographicLib's colon notation).
        case colon
        case separator
    }

    var kind: Kind
    /// Where the token's bytes start and end in the ``UTF8Text`` being read
    /// (two integers rather than a `Range`, which is not `BitwiseCopyable`).
    private var start: Int
    private var end: Int
    /// The 1-based character (scalar) position of the token in the whole text.
    var position: Int

    init(kind: Kind, bytes: Range<Int>, position: Int) {
        self.kind = kind
        start = bytes.lowerBound
        end = bytes.upperBound
        self.position = position
    }

    /// The token's bytes in the ``UTF8Text`` being read.
    var bytes: Range<Int> { start..<end }
}

/// A hemisphere letter.
enum Hemisphere: Equatable, BitwiseCopyable {
    case north, south, east, west

    var axis: CoordinateAxis { self == .north || self == .south ? .latitude : .longitude }
    var isNegative: Bool { self == .south || self == .west }
}

/// Splits a pair's text into ``PairToken``s, one ``next()`` at a time, reading the UTF-8
/// bytes in place.
///
/// Commas are decimal separators only when the text has no `.`, a comma stands between two
/// digits, and the text is not one comma between two numbers with nothing else between them:
/// `52,21` (how map apps, `geo:` URIs and spreadsheets write a pair) is latitude 52,
/// longitude 21, while `52,2297 21,0122` has decimal commas. Otherwise every comma separates
/// the values.
struct PairLexer {
    private let text: UTF8Text
    private let start: Int
    private let end: Int
    private let commaIsDecimal: Bool
    private var index: Int
    private var position: Int

    /// A lexer over `text.bytes[range]`, whose first scalar is character `firstPosition`.
    init(_ text: UTF8Text, range: Range<Int>, firstPosition: Int) {
        self.text = text
        start = range.lowerBound
        end = range.upperBound
        index = range.lowerBound
        position = firstPosition
        var hasPoint = false
        var digitCommaDigit = false
        var commas = 0
        // White space (any, including non-ASCII) or `;` could separate the two values.
        var otherSeparator = false
        for i in range {
            switch text.bytes[i] {
            case UInt8(ascii: "."):
                hasPoint = true
            case UInt8(ascii: ","):
                commas += 1
                if i > start, i + 1 < end, text.isDigit(at: i - 1), text.isDigit(at: i + 1) { digitCommaDigit = true }
            case UInt8(ascii: ";"), UInt8(ascii: " "), UInt8(ascii: "\t"):
                otherSeparator = true
            case let byte where byte >= 0x80:
                if text.bytes[i] & 0xC0 != 0x80, text.scalar(at: i).scalar.properties.isWhitespace {
                    otherSeparator = true
                }
            case let byte where byte < 0x20:
                otherSeparator = true  // line breaks and other control white space
            default:
                break
            }
        }
        let onlyCommaSeparatesTheValues = commas == 1 && !otherSeparator
        commaIsDecimal = !hasPoint && digitCommaDigit && !onlyCommaSeparatesTheValues
    }

    /// The next token, or `nil` at the end of the text.
    mutating func next() throws(CoordinateParseError) -> PairToken? {
        while index < end {
            let (scalar, width) = text.scalar(at: index)
            func token(_ kind: PairToken.Kind, width: Int) -> PairToken {
                let token = PairToken(kind: kind, bytes: index..<(index + width), position: position)
                index += width
                position += width == 2 && scalar == "'" ? 2 : 1
                return token
            }
            // `d` is a degree sign only right after a number (`52d13'`), as GeographicLib reads it.
            let afterDigit =
                index > start && (text.isDigit(at: index - 1) || text.bytes[index - 1] == UInt8(ascii: "."))
            if scalar.properties.isWhitespace {
                index += width
                position += 1
            } else if Self.isDigit(scalar) || Self.isSign(scalar) || scalar == "." {
                return try number()
            } else if Self.isDegreeMark(scalar) || (Self.isDegreeLetter(scalar) && afterDigit) {
                return token(.degree, width: width)
            } else if scalar == ":" {
                return token(.colon, width: width)
            } else if scalar == "'", index + 1 < end, text.bytes[index + 1] == UInt8(ascii: "'") {
                return token(.second, width: 2)
            } else if Self.isMinuteMark(scalar) {
                return token(.minute, width: width)
            } else if Self.isSecondMark(scalar) {
                return token(.second, width: width)
            } else if scalar == ";" || scalar == "," {
                return token(.separator, width: width)
            } else if let hemisphere = Self.hemisphere(scalar) {
                // A letter glued between two digits (`1e1`) is not a hemisphere.
                let following = index + width < end ? text.scalar(at: index + width).scalar : nil
                let beforeLetterOrDigit = following.map { Self.isDigit($0) || $0.properties.isAlphabetic } ?? false
                if afterDigit && beforeLetterOrDigit || following?.properties.isAlphabetic == true {
                    throw .unexpectedCharacter(String(scalar), position: position)
                }
                return token(.hemisphere(hemisphere), width: width)
            } else {
                throw .unexpectedCharacter(String(scalar), position: position)
            }
        }
        return nil
    }

    /// `[sign] digits [separator digits]`, or `[sign] separator digits`.
    private mutating func number() throws(CoordinateParseError) -> PairToken {
        let begin = index
        let beginPosition = position
        var hasSign = false
        let (first, firstWidth) = text.scalar(at: index)
        if Self.isSign(first) {
            hasSign = true
            index += firstWidth
            position += 1
        }
        var digits = 0
        var separators = 0
        while index < end {
            let byte = text.bytes[index]
            if byte &- UInt8(ascii: "0") < 10 {
                digits += 1
            } else if byte == UInt8(ascii: ".")
                || (byte == UInt8(ascii: ",") && commaIsDecimal && index + 1 < end && text.isDigit(at: index + 1)
                    && index > begin && text.isDigit(at: index - 1))
            {
                if separators == 1 {
                    throw byte == UInt8(ascii: ",")
                        ? .ambiguousCommas : .malformedNumber(text.string(begin..<(index + 1)))
                }
                separators += 1
            } else {
                break
            }
            index += 1
            position += 1
        }
        let written = begin..<index
        guard digits > 0, case .number(let value) = DecimalText.read(bytes: text.slice(written)) else {
            if digits == 0, hasSign {
                throw .unexpectedCharacter(String(first), position: beginPosition)
            }
            throw .malformedNumber(text.string(written))
        }
        return PairToken(
            kind: .number(value, hasSign: hasSign, isInteger: separators == 0), bytes: written, position: beginPosition)
    }

    private static func isDegreeMark(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\u{00B0}" || scalar == "\u{00BA}" || scalar == "\u{02DA}"
    }
    /// `d` or `D`, GeographicLib's ASCII degree sign (`52d13'47"N`).
    private static func isDegreeLetter(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "d" || scalar == "D"
    }
    private static func isMinuteMark(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "'" || scalar == "\u{2032}" || scalar == "\u{2019}" || scalar == "\u{00B4}"
    }
    private static func isSecondMark(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\"" || scalar == "\u{2033}" || scalar == "\u{201D}"
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }
    private static func isSign(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "+" || scalar == "-" || scalar == "\u{2212}"
    }

    private static func hemisphere(_ scalar: Unicode.Scalar) -> Hemisphere? {
        switch scalar {
        case "N", "n": .north
        case "S", "s": .south
        case "E", "e": .east
        case "W", "w": .west
        default: nil
        }
    }
}
