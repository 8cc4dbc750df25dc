import Geodata
import Testing

/// Degrees from degrees, minutes and seconds.
func dms(_ degrees: Double, _ minutes: Double, _ seconds: Double) -> Double {
    degrees + minutes / 60 + seconds / 3600
}

/// Texts that must parse, with the latitude and longitude they give.
let acceptedPairs: [(String, Double, Double)] = [
    ("52.2297, 21.0122", 52.2297, 21.0122),
    ("52.2297,21.0122", 52.2297, 21.0122),
    ("52.2297 21.0122", 52.2297, 21.0122),
    ("  52.2297   21.0122  ", 52.2297, 21.0122),
    ("52.2297;21.0122", 52.2297, 21.0122),
    ("52,2297 21,0122", 52.2297, 21.0122),
    ("52,2297; 21,0122", 52.2297, 21.0122),
    ("52,2297, 21,0122", 52.2297, 21.0122),
    ("-33.8688, 151.2093", -33.8688, 151.2093),
    ("\u{2212}33.8688, 151.2093", -33.8688, 151.2093),
    ("52, 21", 52, 21),
    ("52 21", 52, 21),
    ("geo:52.2297,21.0122", 52.2297, 21.0122),
    ("GEO:52.2297,21.0122,120.5", 52.2297, 21.0122),
    ("geo:52.2297,21.0122;u=35", 52.2297, 21.0122),
    ("geo:52.2297,21.0122;crs=wgs84;u=35", 52.2297, 21.0122),
    ("geo:-33.8688,151.2093?z=12", -33.8688, 151.2093),
    ("52.2297 N, 21.0122 E", 52.2297, 21.0122),
    ("52.2297N 21.0122E", 52.2297, 21.0122),
    ("33.8688 S, 151.2093 E", -33.8688, 151.2093),
    ("51.5074 n 0.1278 w", 51.5074, -0.1278),
    ("N 52.2297, E 21.0122", 52.2297, 21.0122),
    ("S33.8688 E151.2093", -33.8688, 151.2093),
    ("21.0122 E, 52.2297 N", 52.2297, 21.0122),
    ("0.1278 W 51.5074 N", 51.5074, -0.1278),
    ("52.2297 N, 21.0122", 52.2297, 21.0122),
    ("21.0122 E, 52.2297", 52.2297, 21.0122),
    ("52°13′47″N 21°0′44″E", dms(52, 13, 47), dms(21, 0, 44)),
    ("52°13'47\"N, 21°0'44\"E", dms(52, 13, 47), dms(21, 0, 44)),
    ("52° 13′ 47″ N, 21° 0′ 44″ E", dms(52, 13, 47), dms(21, 0, 44)),
    ("52°13'47''N 21°0'44''E", dms(52, 13, 47), dms(21, 0, 44)),
    ("33°52′7.7″S 151°12′33.5″E", -dms(33, 52, 7.7), dms(151, 12, 33.5)),
    ("52°13.78′N 21°0.73′E", dms(52, 13.78, 0), dms(21, 0.73, 0)),
    ("52°N 21°E", 52, 21),
    ("-33°52′ 151°12′", -dms(33, 52, 0), dms(151, 12, 0)),
    ("90 N, 180 W", 90, -180),
    // One comma between two numbers and nothing else: latitude,longitude (map apps, spreadsheets)
    ("52,21", 52, 21),
    ("0,0", 0, 0),
    ("0,180", 0, 180),
    ("-90,0", -90, 0),
    ("52,21N", 21, 52),
    // GeographicLib's notations: `d` as the degree sign, colon-separated DMS
    ("52d13'47\"N 21d0'44\"E", dms(52, 13, 47), dms(21, 0, 44)),
    ("52D13'47\"N, 21D0'44\"E", dms(52, 13, 47), dms(21, 0, 44)),
    ("52d N 21d E", 52, 21),
    ("52d13.78'N 21d0.73'E", dms(52, 13.78, 0), dms(21, 0.73, 0)),
    ("52:13:47N 21:00:44E", dms(52, 13, 47), dms(21, 0, 44)),
    ("52:13:47 N, 21:00:44 E", dms(52, 13, 47), dms(21, 0, 44)),
    ("-33:52:07.7 151:12:33.5", -dms(33, 52, 7.7), dms(151, 12, 33.5)),
    ("S33:52 E151:12", -dms(33, 52, 0), dms(151, 12, 0)),
    ("52:13.78N 21:0.73E", dms(52, 13.78, 0), dms(21, 0.73, 0)),
]

/// Texts that must be rejected, with the error each gets.
let rejectedPairs: [(String, CoordinateParseError)] = [
    ("", CoordinateParseError.empty),
    ("   ", .empty),
    ("52,2297", .invalidValue(.longitude, .outOfRange(.longitude))),
    ("52,21,5", .ambiguousCommas),
    ("52.2297", .wrongValueCount(1)),
    ("52,2297,21,0122", .ambiguousCommas),
    ("1, 2, 3", .wrongValueCount(3)),
    ("52.1,21,5", .wrongValueCount(3)),
    ("1.2.3 4", .malformedNumber("1.2.")),
    ("52.2297 N 21.0122 S", .sameAxisTwice(.latitude)),
    ("52 E 21 W", .sameAxisTwice(.longitude)),
    ("-52 S, 21 E", .signAndHemisphere),
    ("52°61′N 21°E", .invalidSexagesimal("minutes 61 must be less than 60")),
    ("52°13′60″N 21°E", .invalidSexagesimal("seconds 60 must be less than 60")),
    ("52.5°13′N 21°E", .invalidSexagesimal("degrees 52.5 have a fraction and are followed by minutes")),
    ("91, 0", .invalidValue(.latitude, .outOfRange(.latitude))),
    ("0, 181", .invalidValue(.longitude, .outOfRange(.longitude))),
    ("95 N, 10 E", .invalidValue(.latitude, .outOfRange(.latitude))),
    ("1e1 2", .unexpectedCharacter("e", position: 2)),
    ("52.2297 x 21", .unexpectedCharacter("x", position: 9)),
    ("nan, 0", .unexpectedCharacter("n", position: 1)),
    ("52.2297,, 21", .unexpectedCharacter(",", position: 9)),
    (", 52 21", .unexpectedCharacter(",", position: 1)),
    ("52 21,", .unexpectedCharacter(",", position: 6)),
    ("52 - 21", .unexpectedCharacter("-", position: 4)),
    ("North 52", .unexpectedCharacter("N", position: 1)),
    ("geo:52.2297", .wrongValueCount(1)),
    ("geo:52.2297,abc", .malformedNumber("abc")),
    ("geo:52.2297,21.0122;crs=EPSG:2180", .unsupportedReferenceSystem("EPSG:2180")),
    ("geo:95,0", .invalidValue(.latitude, .outOfRange(.latitude))),
    // Hundreds of digits are still a number: out of range
    ("1" + String(repeating: "0", count: 400) + ", 21", .invalidValue(.latitude, .outOfRange(.latitude))),
    ("52, -" + String(repeating: "7", count: 330), .invalidValue(.longitude, .outOfRange(.longitude))),
    ("geo:52," + String(repeating: "1", count: 400), .invalidValue(.longitude, .outOfRange(.longitude))),
    // Colon DMS keeps the DMS rules
    ("52:61N 21E", .invalidSexagesimal("minutes 61 must be less than 60")),
    ("52:13:60N 21E", .invalidSexagesimal("seconds 60 must be less than 60")),
    ("52.5:13N 21E", .invalidSexagesimal("degrees 52.5 have a fraction and are followed by minutes")),
    ("52:13.5:10N 21E", .invalidSexagesimal("minutes 13.5 have a fraction and are followed by seconds")),
    ("52: N 21 E", .unexpectedCharacter(":", position: 3)),
    ("d52 21", .unexpectedCharacter("d", position: 1)),
]

@Suite("Parsing a whole pair")
struct CoordinatePairParserTests {
    @Test("Accepted forms", arguments: acceptedPairs)
    func acceptedForm(text: String, latitude: Double, longitude: Double) throws {
        let coordinate = try Coordinate(parsing: text)
        #expect(abs(coordinate.latitude.degrees - latitude) < 1e-12, "\(text)")
        #expect(abs(coordinate.longitude.degrees - longitude) < 1e-12, "\(text)")
    }

    @Test("Rejected, never guessed", arguments: rejectedPairs)
    func rejected(text: String, error: CoordinateParseError) {
        #expect(throws: error, "\(text)") { try Coordinate(parsing: text) }
    }

    @Test func messagesSayWhatToDo() {
        #expect(
            CoordinateParseError.wrongValueCount(1).description
                == "Expected a latitude and a longitude, found 1 value")
        #expect(CoordinateParseError.ambiguousCommas.description.contains("52.2297, 21.0122"))
        #expect(
            CoordinateParseError.invalidValue(.latitude, .outOfRange(.latitude)).description
                == "Latitude: Must be between -90 and 90")
    }

    /// Texts past 1 KiB of tokens take the parser's count-first path; they must read the same.
    @Test func longTextsReadLikeShortOnes() throws {
        let padding = String(repeating: "\u{00A0}", count: 300)
        let spaced = try Coordinate(parsing: "\(padding)52°13′47″N\(padding),\(padding)21°0′44″E\(padding)")
        #expect(spaced.formatted == "52.22972, 21.01222")
        let manyValues = Array(repeating: "1.5", count: 400).joined(separator: " ")
        #expect(throws: CoordinateParseError.wrongValueCount(400)) { try Coordinate(parsing: manyValues) }
        // Positions count characters, not bytes: 300 two-byte spaces, then "52 21 ", then x.
        #expect(throws: CoordinateParseError.unexpectedCharacter("x", position: 307)) {
            try Coordinate(parsing: "\(padding)52 21 x")
        }
        #expect(throws: CoordinateParseError.unexpectedCharacter("x", position: 1207)) {
            try Coordinate(parsing: "\(padding)52 21 \(String(repeating: "1 ", count: 450))x")
        }
    }

    /// A substring is read in place, with positions counted from its own start.
    @Test func substringsAreReadInPlace() throws {
        let line = "report: 52.2297, 21.0122 (Warsaw)"
        let pair = line.dropFirst(8).prefix(16)
        #expect(try CoordinatePairParser.split(pair) == (latitude: 52.2297, longitude: 21.0122))
        #expect(throws: CoordinateParseError.unexpectedCharacter("(", position: 18)) {
            try CoordinatePairParser.split(line.dropFirst(8))
        }
    }

    /// `split` of a `String` (read directly) and of a substring (the generic path) agree,
    /// `geo:` in any case included, and so do their errors.
    @Test(arguments: [
        "52.2297, 21.0122", "geo:52.2297,21.0122", "GEO:52.2297,21.0122;u=35", "Geo:52,21?z=1", "ge:52,21",
        "geo52,21", "  52,21  ", "52°13′47″N 21°0′44″E", "geo:52.2297,21.0122;crs=nad27", "",
    ])
    func stringAndSubstringSplitsAgree(text: String) {
        let direct = Result { () throws(CoordinateParseError) in try CoordinatePairParser.split(text) }
        let generic = Result { () throws(CoordinateParseError) in try CoordinatePairParser.split(text[...]) }
        switch (direct, generic) {
        case (.success(let one), .success(let other)): #expect(one == other, "\(text)")
        case (.failure(let one), .failure(let other)): #expect(one == other, "\(text)")
        default: Issue.record("\(text): \(direct) against \(generic)")
        }
    }

    @Test func formattedPairParsesBackToTheSameText() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let coordinate = try Coordinate(
                latitude: .random(in: -90...90, using: &generator),
                longitude: .random(in: -180...180, using: &generator))
            #expect(try Coordinate(parsing: coordinate.formatted).formatted == coordinate.formatted)
        }
    }
}
