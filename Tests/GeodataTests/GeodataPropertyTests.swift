import Geodata
import PropertyBased
import Testing

/// Invariants of parsing, validation and formatting over generated inputs (swift-property-based;
/// a failure prints the seed that reproduces it).
@Suite("Geodata properties")
struct GeodataPropertyTests {
    @Test("formatting then parsing a latitude gives the same five decimals, within half a unit")
    func latitudeRoundTrip() async {
        await propertyCheck(count: 2000, input: Gen.double(in: -90...90)) { degrees in
            let latitude = try #require(try? Latitude(degrees: degrees))
            let parsed = try #require(try Latitude.parse(latitude.formatted))
            #expect(parsed.formatted == latitude.formatted)
            #expect((parsed.degrees - degrees).magnitude <= 0.000005 + 1e-12)
        }
    }

    @Test("formatting then parsing a longitude gives the same five decimals, within half a unit")
    func longitudeRoundTrip() async {
        await propertyCheck(count: 2000, input: Gen.double(in: -180...180)) { degrees in
            let longitude = try #require(try? Longitude(degrees: degrees))
            let parsed = try #require(try Longitude.parse(longitude.formatted))
            #expect(parsed.formatted == longitude.formatted)
            #expect((parsed.degrees - degrees).magnitude <= 0.000005 + 1e-12)
        }
    }

    @Test("validation never accepts a latitude beyond ±90, from a number or from text")
    func latitudeOutOfRangeRejected() async {
        let beyond = Gen.double(in: 90.00001...1_000_000)
        await propertyCheck(count: 1000, input: beyond, Gen.bool) { magnitude, negative in
            let degrees = negative ? -magnitude : magnitude
            #expect(throws: CoordinateFieldError.outOfRange(.latitude)) { try Latitude(degrees: degrees) }
            let text = try #require(FiveDecimalFormat.string(degrees))
            #expect(throws: CoordinateFieldError.outOfRange(.latitude)) { try Latitude.parse(text) }
        }
    }

    @Test("validation never accepts a longitude beyond ±180, from a number or from text")
    func longitudeOutOfRangeRejected() async {
        let beyond = Gen.double(in: 180.00001...1_000_000)
        await propertyCheck(count: 1000, input: beyond, Gen.bool) { magnitude, negative in
            let degrees = negative ? -magnitude : magnitude
            #expect(throws: CoordinateFieldError.outOfRange(.longitude)) { try Longitude(degrees: degrees) }
            let text = try #require(FiveDecimalFormat.string(degrees))
            #expect(throws: CoordinateFieldError.outOfRange(.longitude)) { try Longitude.parse(text) }
        }
    }

    @Test("a decimal comma, a Unicode minus and surrounding spaces read like the plain spelling")
    func alternativeSpellingsAgree() async {
        await propertyCheck(count: 1000, input: Gen.double(in: -180...180)) { degrees in
            let plain = try #require(FiveDecimalFormat.string(degrees))
            let local = " \u{00A0}" + plain.replacing(".", with: ",").replacing("-", with: "\u{2212}") + "\t"
            #expect(try Longitude.parse(local) == Longitude.parse(plain))
        }
    }

    @Test("a formatted pair parses back to the same pair, also with hemisphere letters")
    func pairRoundTrip() async {
        await propertyCheck(count: 1000, input: Gen.double(in: -90...90), Gen.double(in: -180...180)) {
            latitude, longitude in
            let coordinate = try Coordinate(latitude: latitude, longitude: longitude)
            let parsed = try Coordinate(parsing: coordinate.formatted)
            #expect(parsed.formatted == coordinate.formatted)

            // "21.01220 E, 52.22970 N": swapped order, signs as hemisphere letters.
            let east = longitude < 0 ? "W" : "E"
            let north = latitude < 0 ? "S" : "N"
            let lettered =
                "\(coordinate.longitude.formatted.trimmingMinus) \(east), "
                + "\(coordinate.latitude.formatted.trimmingMinus) \(north)"
            #expect(try Coordinate(parsing: lettered).formatted == coordinate.formatted)
        }
    }
}

extension String {
    fileprivate var trimmingMinus: String { hasPrefix("-") ? String(dropFirst()) : self }
}
