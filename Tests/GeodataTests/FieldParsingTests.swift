import Geodata
import Testing

/// What a field's text should become.
enum FieldExpectation: Sendable, CustomStringConvertible {
    case value(Double)
    case empty
    case error(CoordinateFieldError)

    var description: String {
        switch self {
        case .value(let degrees): "value \(degrees)"
        case .empty: "no value"
        case .error(let error): "error \(error)"
        }
    }
}

/// Tricky inputs for a latitude field, with what each must become.
let latitudeTable: [(String, FieldExpectation)] = [
    // Accepted syntax
    ("52", .value(52)),
    ("52.2297", .value(52.2297)),
    ("52,2297", .value(52.2297)),
    ("-0.5", .value(-0.5)),
    ("+0.5", .value(0.5)),
    ("\u{2212}33.8688", .value(-33.8688)),
    (".5", .value(0.5)),
    ("-.5", .value(-0.5)),
    (",5", .value(0.5)),
    ("5.", .value(5)),
    ("21,01220", .value(21.0122)),
    ("0", .value(0)),
    ("-0", .value(0)),
    ("00052.50", .value(52.5)),
    ("90", .value(90)),
    ("-90", .value(-90)),
    ("90.000000", .value(90)),
    ("89.99999999999999", .value(89.99999999999999)),
    ("0.000000000000000000000000001", .value(1e-27)),
    ("52.22970000000000000000000", .value(52.2297)),
    ("12.345678901234567890", .value(12.345678901234567890)),
    ("  52.2297  ", .value(52.2297)),
    ("\t52.2297\n", .value(52.2297)),
    ("\u{00A0}52.2297\u{00A0}", .value(52.2297)),
    ("\u{202F}52.2297\u{3000}", .value(52.2297)),
    // No value
    ("", .empty),
    ("   ", .empty),
    ("\t\n", .empty),
    ("\u{00A0}", .empty),
    // Out of range, exact message
    ("90.000001", .error(.outOfRange(.latitude))),
    ("-90.00001", .error(.outOfRange(.latitude))),
    ("91", .error(.outOfRange(.latitude))),
    ("180", .error(.outOfRange(.latitude))),
    ("1000000000000000000000000", .error(.outOfRange(.latitude))),
    // Still a number with hundreds of digits (too large for a Double): out of range, not "Invalid format"
    ("1" + String(repeating: "0", count: 400), .error(.outOfRange(.latitude))),
    ("-" + String(repeating: "9", count: 350) + ".5", .error(.outOfRange(.latitude))),
    ("0." + String(repeating: "0", count: 400) + "1", .value(0)),
    // Rejected syntax, even where Double(String) accepts it
    ("1e1", .error(.invalidFormat)),
    ("1E1", .error(.invalidFormat)),
    ("1e-5", .error(.invalidFormat)),
    ("0x1p4", .error(.invalidFormat)),
    ("0x10", .error(.invalidFormat)),
    ("nan", .error(.invalidFormat)),
    ("NaN", .error(.invalidFormat)),
    ("inf", .error(.invalidFormat)),
    ("-infinity", .error(.invalidFormat)),
    ("1.2.3", .error(.invalidFormat)),
    ("1,2,3", .error(.invalidFormat)),
    ("1.2,3", .error(.invalidFormat)),
    ("1,000.5", .error(.invalidFormat)),
    ("1 000", .error(.invalidFormat)),
    ("1_000", .error(.invalidFormat)),
    ("52.2297N", .error(.invalidFormat)),
    ("abc", .error(.invalidFormat)),
    ("-", .error(.invalidFormat)),
    ("+", .error(.invalidFormat)),
    (".", .error(.invalidFormat)),
    (",", .error(.invalidFormat)),
    ("--5", .error(.invalidFormat)),
    ("+-5", .error(.invalidFormat)),
    ("- 5", .error(.invalidFormat)),
    ("5-", .error(.invalidFormat)),
    ("52°", .error(.invalidFormat)),
    ("٥٢", .error(.invalidFormat)),
    ("５２", .error(.invalidFormat)),
    ("52.2297, 21.0122", .error(.invalidFormat)),
    ("\u{2013}5", .error(.invalidFormat)),
    ("5\u{0000}", .error(.invalidFormat)),
    ("1.7976931348623157e308", .error(.invalidFormat)),
]

@Suite("Field parsing")
struct FieldParsingTests {
    @Test("Latitude field text", arguments: latitudeTable)
    func latitudeField(text: String, expected: FieldExpectation) {
        let outcome: Result<Latitude?, CoordinateFieldError> = Result { () throws(CoordinateFieldError) in
            try Latitude.parse(text)
        }
        switch (expected, outcome) {
        case (.value(let degrees), .success(let latitude?)):
            #expect(latitude.degrees == degrees)
        case (.empty, .success(nil)):
            break
        case (.error(let error), .failure(let actual)):
            #expect(actual == error)
        default:
            Issue.record("\(text.debugDescription): expected \(expected), got \(outcome)")
        }
    }

    @Test func tableHasAtLeastSixtyInputs() {
        #expect(latitudeTable.count >= 60)
    }

    @Test func longitudeRangeIsInclusiveWithExactMessage() throws {
        #expect(try Longitude.parse("180")?.degrees == 180)
        #expect(try Longitude.parse("-180")?.degrees == -180)
        #expect(throws: CoordinateFieldError.outOfRange(.longitude)) { try Longitude.parse("180.00001") }
        #expect(throws: CoordinateFieldError.outOfRange(.longitude)) { try Longitude.parse("-181") }
        #expect(CoordinateFieldError.outOfRange(.longitude).description == "Must be between -180 and 180")
        #expect(CoordinateFieldError.outOfRange(.latitude).description == "Must be between -90 and 90")
        #expect(CoordinateFieldError.invalidFormat.description == "Invalid format")
    }

    @Test func valuesAreCorrectlyRoundedLikeTheStandardLibrary() throws {
        // Every accepted plain decimal must give the same double as Swift's correctly
        // rounded conversion of the same text with `.` as separator.
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200_000 {
            let integer = Int.random(in: 0...179, using: &generator)
            let fractionDigits = Int.random(in: 0...20, using: &generator)
            var fraction = ""
            for _ in 0..<fractionDigits { fraction.append(String(Int.random(in: 0...9, using: &generator))) }
            let text = fractionDigits == 0 ? "\(integer)" : "\(integer).\(fraction)"
            let expected = try #require(Double(text))
            #expect(try Longitude.parse(text)?.degrees == expected, "\(text)")
            let comma = String(text.map { $0 == "." ? "," : $0 })
            #expect(try Longitude.parse(comma)?.degrees == expected, "\(comma)")
        }
    }

    @Test func negativeZeroBecomesZero() throws {
        let zero = try #require(try Latitude.parse("-0.000"))
        #expect(zero.degrees.sign == .plus)
        #expect(zero.formatted == "0.00000")
    }

    @Test func nanIsNotANumberAndInfinityIsOutOfRange() {
        #expect(throws: CoordinateFieldError.invalidFormat) { try Latitude(degrees: .nan) }
        #expect(throws: CoordinateFieldError.outOfRange(.longitude)) { try Longitude(degrees: .infinity) }
        #expect(throws: CoordinateFieldError.outOfRange(.latitude)) { try Latitude(degrees: -.infinity) }
        #expect(throws: CoordinateFieldError.outOfRange(.latitude)) { try Latitude(degrees: 90.0.nextUp) }
    }
}
