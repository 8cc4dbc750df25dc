/// A token of a coordinate pair's text: what it is, as written, and where (1-based).
struct PairToken: Equatable {
    enum Kind: Equatable {
        /// A number with its sign.
        case number(Double, hasSign: Bool, isInteger: Bool)
        case degree
        case minute
        case second
        case hemisphere(Hemisphere)
        case separator
    }

    var kind: Kind
    var text: String
    var position: Int
}

/// A hemisphere letter.
enum Hemisphere: Equatable {
    case north, south, east, west

    var axis: CoordinateAxis { self == .north || self == .south ? .latitude : .longitude }
    var isNegative: Bool { self == .south || self == .west }
}

/// Splits a pair's text into ``PairToken``s.
///
/// Commas are decimal separators only when the text has no `.` and a comma stands
/// between two digits; otherwise every comma separates the values.
struct PairLexer {
    private let scalars: [Unicode.Scalar]
    private let offset: Int
    private let commaIsDecimal: Bool
    private var index = 0

    init(_ scalars: [Unicode.Scalar], offset: Int) {
        self.scalars = scalars
        self.offset = offset
        let hasPoint = scalars.contains(".")
        var digitCommaDigit = false
        if scalars.count >= 3 {
            for i in 1..<(scalars.count - 1) where scalars[i] == "," {
                if Self.isDigit(scalars[i - 1]) && Self.isDigit(scalars[i + 1]) { digitCommaDigit = true }
            }
        }
        commaIsDecimal = !hasPoint && digitCommaDigit
    }

    mutating func tokens() throws(CoordinateParseError) -> [PairToken] {
        var tokens: [PairToken] = []
        while index < scalars.count {
            let scalar = scalars[index]
            let position = offset + index + 1
            func token(_ kind: PairToken.Kind, length: Int = 1) -> PairToken {
                PairToken(kind: kind, text: text(index, index + length), position: position)
            }
            if scalar.properties.isWhitespace {
                index += 1
            } else if Self.isDigit(scalar) || Self.isSign(scalar) || scalar == "." {
                tokens.append(try number())
            } else if Self.degreeMarks.contains(scalar) {
                tokens.append(token(.degree))
                index += 1
            } else if scalar == "'", next(1) == "'" {
                tokens.append(token(.second, length: 2))
                index += 2
            } else if Self.minuteMarks.contains(scalar) {
                tokens.append(token(.minute))
                index += 1
            } else if Self.secondMarks.contains(scalar) {
                tokens.append(token(.second))
                index += 1
            } else if scalar == ";" || scalar == "," {
                tokens.append(token(.separator))
                index += 1
            } else if let hemisphere = Self.hemisphere(scalar) {
                // A letter glued between two digits (`1e1`) is not a hemisphere.
                let afterDigit = index > 0 && (Self.isDigit(scalars[index - 1]) || scalars[index - 1] == ".")
                let beforeLetterOrDigit = next(1).map { Self.isDigit($0) || $0.properties.isAlphabetic } ?? false
                if afterDigit && beforeLetterOrDigit || next(1)?.properties.isAlphabetic == true {
                    throw .unexpectedCharacter(String(scalar), position: position)
                }
                tokens.append(token(.hemisphere(hemisphere)))
                index += 1
            } else {
                throw .unexpectedCharacter(String(scalar), position: position)
            }
        }
        return tokens
    }

    /// `[sign] digits [separator digits]`, or `[sign] separator digits`.
    private mutating func number() throws(CoordinateParseError) -> PairToken {
        let begin = index
        var hasSign = false
        if Self.isSign(scalars[index]) {
            hasSign = true
            index += 1
        }
        var digits = 0
        var separators = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if Self.isDigit(scalar) {
                digits += 1
            } else if scalar == "."
                || (scalar == "," && commaIsDecimal && next(1).map(Self.isDigit) == true
                    && index > begin && Self.isDigit(scalars[index - 1]))
            {
                if separators == 1 {
                    throw scalar == "," ? .ambiguousCommas : .malformedNumber(text(begin, index + 1))
                }
                separators += 1
            } else {
                break
            }
            index += 1
        }
        let written = text(begin, index)
        guard digits > 0, case .number(let value) = DecimalText.read(written) else {
            if digits == 0, hasSign {
                throw .unexpectedCharacter(String(scalars[begin]), position: offset + begin + 1)
            }
            throw .malformedNumber(written)
        }
        return PairToken(
            kind: .number(value, hasSign: hasSign, isInteger: separators == 0),
            text: written, position: offset + begin + 1)
    }

    private func next(_ distance: Int) -> Unicode.Scalar? {
        index + distance < scalars.count ? scalars[index + distance] : nil
    }

    private func text(_ from: Int, _ to: Int) -> String {
        var string = ""
        string.unicodeScalars.append(contentsOf: scalars[from..<min(to, scalars.count)])
        return string
    }

    private static let degreeMarks: Set<Unicode.Scalar> = ["\u{00B0}", "\u{00BA}", "\u{02DA}"]
    private static let minuteMarks: Set<Unicode.Scalar> = ["'", "\u{2032}", "\u{2019}", "\u{00B4}"]
    private static let secondMarks: Set<Unicode.Scalar> = ["\"", "\u{2033}", "\u{201D}"]

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
