import Foundation
import LocationTestSupport
import Testing

@Suite("petspot validate")
struct ValidateCommandTests {
    @Test func validPairPrintsFormattedValuesAndExitsZero() async throws {
        let output = try await PetSpotProcess.run(["validate", "52,2297 21,0122"])
        #expect(output.status == 0)
        #expect(output.stdout == "Latitude:  52.22970\nLongitude: 21.01220\n")
    }

    @Test func negativeValuesWorkAsTyped() async throws {
        let fields = try await PetSpotProcess.run(["validate", "--latitude", "-33.8688", "--longitude", "151.2093"])
        #expect(fields.status == 0)
        #expect(fields.stdout.contains("-33.86880"))
        let pair = try await PetSpotProcess.run(["validate", "-33.8688, 151.2093"])
        #expect(pair.status == 0)
        #expect(pair.stdout.contains("-33.86880"))
        let split = try await PetSpotProcess.run(["validate", "-33.8688,", "-151.2093"])
        #expect(split.status == 0)
        #expect(split.stdout.contains("-151.20930"))
    }

    /// The messages quote the typed text; an escape sequence in it must not reach the terminal.
    @Test func controlCharactersInThePairArePrintedAsEscapes() async throws {
        let output = try await PetSpotProcess.run(["validate", "52\u{1B}[31m, 21"])
        #expect(output.status == 1)
        #expect(!output.stdout.contains("\u{1B}"), "\(output.stdout.debugDescription)")
        #expect(output.stdout.contains("\\x1B"), "\(output.stdout.debugDescription)")
    }

    @Test func invalidFieldExitsOneWithItsMessageOnly() async throws {
        let output = try await PetSpotProcess.run(["validate", "--latitude", "95", "--longitude", "21.0122"])
        #expect(output.status == 1)
        #expect(output.stdout == "Latitude:  ✗ Must be between -90 and 90\nLongitude: 21.01220\n")
    }

    @Test func jsonIsExactlyOneObjectWithTheDocumentedSchema() async throws {
        let output = try await PetSpotProcess.run(["validate", "--json", "--latitude", "52.2297", "--longitude", "abc"])
        #expect(output.status == 1)
        #expect(
            output.stdout == """
                {"valid":false,"latitude":{"value":52.2297,"formatted":"52.22970","error":null},\
                "longitude":{"value":null,"formatted":null,"error":"Invalid format"}}

                """)
        let object = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any]
        #expect(object?["valid"] as? Bool == false)
    }

    @Test func foundFlowRequiresBothFields() async throws {
        let output = try await PetSpotProcess.run(["validate", "--flow", "found", "--latitude", "52.2297"])
        #expect(output.status == 1)
        #expect(output.stdout.contains("Longitude: ✗ Longitude is required"))
        let missing = try await PetSpotProcess.run(["validate", "--flow", "missing", "--latitude", "52.2297"])
        #expect(missing.stdout.contains("Enter a longitude too, or clear the latitude"))
    }

    @Test func missingFlowAcceptsBothEmpty() async throws {
        let output = try await PetSpotProcess.run(["validate", "--latitude", "", "--longitude", " "])
        #expect(output.status == 0)
        #expect(output.stdout == "Latitude:  (empty)\nLongitude: (empty)\n")
    }

    @Test func usageErrorsExitSixtyFour() async throws {
        #expect(try await PetSpotProcess.run(["validate", "--bogus"]).status == 64)
        #expect(try await PetSpotProcess.run(["validate"]).status == 64)
        #expect(try await PetSpotProcess.run(["validate", "--flow", "lost", "1 2"]).status == 64)
        let both = try await PetSpotProcess.run(["validate", "--latitude", "1", "2 3"])
        #expect(both.status == 64)
        #expect(both.stderr.contains("not both"))
    }

    @Test func ambiguousPairIsAnErrorNotAGuess() async throws {
        let output = try await PetSpotProcess.run(["validate", "--json", "52,2297,21,0122"])
        #expect(output.status == 1)
        #expect(output.stdout.contains("Ambiguous commas"))
    }

    /// Issue 21: the forms map apps, spreadsheets and GeographicLib write, read as a person means
    /// them; a number with hundreds of digits is out of range, not "Invalid format".
    @Test(arguments: [
        (["validate", "52,21"], "Latitude:  52.00000\nLongitude: 21.00000\n"),
        (["validate", "-90,0"], "Latitude:  -90.00000\nLongitude: 0.00000\n"),
        (["validate", "52d13'47\"N 21d0'44\"E"], "Latitude:  52.22972\nLongitude: 21.01222\n"),
        (["validate", "52:13:47N 21:00:44E"], "Latitude:  52.22972\nLongitude: 21.01222\n"),
    ])
    func commonPairNotationsAreRead(arguments: [String], expected: String) async throws {
        let output = try await PetSpotProcess.run(arguments)
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout == expected)
    }

    @Test func aNumberWithHundredsOfDigitsIsOutOfRangeAndAPairDistanceReadsCommas() async throws {
        let huge = try await PetSpotProcess.run(["validate", "1" + String(repeating: "0", count: 300) + ",21"])
        #expect(huge.status == 1)
        #expect(huge.stdout == "Latitude:  ✗ Must be between -90 and 90\nLongitude: 21.00000\n")
        let distance = try await PetSpotProcess.run(["distance", "0,0", "0,180"])
        #expect(distance.status == 0, "\(distance.stderr)")
        #expect(distance.stdout.contains("Distance:        20003931.459 m"))
    }

    /// `validate` with its everyday arguments is read without ArgumentParser (QuickValidate);
    /// the same arguments written as only ArgumentParser takes them (`--name=value`) give the
    /// same output and exit status (any `--name=value` in front sends the rest there too). The `=` forms, a repeated option, `--` or an argument
    /// starting with a minus go through ArgumentParser, so a usage error says the same as
    /// before.
    @Test(arguments: [
        (["52.2297,21.0122"], ["--flow=missing", "52.2297,21.0122"]),
        (["52,2297", "21,0122"], ["--flow=missing", "52,2297", "21,0122"]),
        (["--json", "52,2297,21,0122"], ["--flow=missing", "--json", "52,2297,21,0122"]),
        (["--latitude", "95", "--longitude", "21", "--json"], ["--latitude=95", "--longitude=21", "--json"]),
        (["--flow", "found", "--latitude", "52.2297"], ["--flow=found", "--latitude=52.2297"]),
        (["--latitude", "--json", "--longitude", "1"], ["--latitude=--json", "--longitude=1"]),
        // An empty value has no `=` form (ArgumentParser reads `--latitude=` as a name whose value
        // is the next argument); a `--flow=` in front sends the same values through it.
        (["--latitude", "", "--longitude", " "], ["--flow=missing", "--latitude", "", "--longitude", " "]),
        (["52\u{1B}[31m, 21"], ["--flow=missing", "52\u{1B}[31m, 21"]),
    ])
    func everydayArgumentsGiveWhatArgumentParserGives(quick: [String], parsed: [String]) async throws {
        let direct = try await PetSpotProcess.run(["validate"] + quick)
        let throughArgumentParser = try await PetSpotProcess.run(["validate"] + parsed)
        #expect(direct.status == throughArgumentParser.status)
        #expect(direct.stdout == throughArgumentParser.stdout)
        #expect(direct.stderr == throughArgumentParser.stderr)
        #expect(!direct.stdout.isEmpty)
    }
}
