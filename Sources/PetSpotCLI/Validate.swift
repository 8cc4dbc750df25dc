import ArgumentParser
import Geodata
import Geodesy
import OutsideInput
import PetSpotJSON

#if canImport(Glibc)
    import Glibc
#endif

extension PetSpot {
    /// `petspot validate`: checks coordinates with the report forms' rules.
    struct Validate: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check a latitude and longitude as the report forms do.",
            discussion: """
                Give the two fields (--latitude, --longitude) or the whole pair as one \
                argument: "52.2297, 21.0122", 52,21 (one comma between two numbers: \
                latitude,longitude), "52,2297 21,0122" (decimal commas need white space or ; \
                between the values), geo:52.2297,21.0122, "52.2297 N, 21.0122 E", \
                52°13′47″N 21°0′44″E, and as GeographicLib writes them 52d13'47"N 21d0'44"E \
                or 52:13:47N 21:00:44E. Negative values work as typed: --latitude -33.8688, \
                -90,0, or "-33.8688, 151.2093". A number with hundreds of digits is out of \
                range.

                Exit status: 0 valid, 1 invalid, 64 usage error.
                """
        )

        @Option(name: .long, parsing: .unconditional, help: "The latitude field's text (−90…90).")
        var latitude: String?

        @Option(name: .long, parsing: .unconditional, help: "The longitude field's text (−180…180).")
        var longitude: String?

        @Option(help: "Which form's rules: missing (both or neither) or found (both required).")
        var flow: Flow = .missing

        @OptionGroup var output: JSONOutputOption

        @Argument(parsing: .allUnrecognized, help: ArgumentHelp("The pair as one string.", valueName: "pair"))
        var pair: [String] = []

        enum Flow: String, ExpressibleByArgument, CaseIterable {
            case missing, found

            var requirement: CoordinateRequirement { self == .missing ? .missingPetFlow : .foundPetFlow }
        }

        func validate() throws {
            try PassthroughArguments.rejectOptions(in: pair)
            if !pair.isEmpty && (latitude != nil || longitude != nil) {
                throw ValidationError("Give either the pair or --latitude/--longitude, not both.")
            }
            if pair.isEmpty && latitude == nil && longitude == nil {
                throw ValidationError("Give a pair such as \"52.2297, 21.0122\" or --latitude and --longitude.")
            }
        }

        func run() throws {
            let valid = Self.check(latitude: latitude, longitude: longitude, flow: flow, pair: pair, json: output.json)
            if !valid { throw ExitCode(1) }
        }

        /// Validates the fields or the pair and prints the report on stdout (text or JSON).
        ///
        /// - Returns: whether the coordinates are valid.
        static func check(latitude: String?, longitude: String?, flow: Flow, pair: [String], json: Bool) -> Bool {
            let report =
                pair.isEmpty
                ? ValidationReport(
                    fields: CoordinateFieldsValidation(
                        latitude: latitude ?? "", longitude: longitude ?? "", requirement: flow.requirement))
                : ValidationReport(pair: joinedWithSpaces(pair))
            // Written straight to the descriptor: `print` asks the runtime whether a String is
            // TextOutputStreamable, which scans every protocol conformance of the binary once.
            var output = OutputBuffer(fileDescriptor: STDOUT_FILENO)
            if json {
                output.append(line: report.json.text)
            } else {
                // The messages quote what was typed: control characters reach the terminal as escapes.
                output.append(line: TerminalSafeText.terminalSafe(report.text, allowingNewlines: true))
            }
            _ = output.flush()
            return report.valid
        }

        /// `parts.joined(separator: " ")`, without the standard library's generic `joined`,
        /// which, not specialized for `[String]`, makes the runtime look up the array's
        /// associated types by scanning every protocol conformance record (Docs/CLI.md, Start-up).
        static func joinedWithSpaces(_ parts: [String]) -> String {
            var text = ""
            for index in parts.indices {
                if index > parts.startIndex { text += " " }
                text += parts[index]
            }
            return text
        }
    }
}
