import ArgumentParser
import Foundation
import Geodata
import OutsideInput
import ReportStore
import Reports

extension PetSpot {
    /// `petspot matches ID`: a found report's possible matches.
    struct Matches: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the reports a stored report may match (missing ↔ found), best first.",
            discussion: """
                The open missing reports whose search circle, widened by --margin-km, holds the \
                place the pet was found, of its species (or of no species given), lost on or \
                before the day it was found; for a missing report, the open found reports \
                inside its circle found since it was lost. Ranked by a score from 0 to 1: 0.6 × \
                how deep inside the circle the found place is + 0.4 × 30 / (30 + days between \
                loss and find). The same as GET /v1/reports/ID/matches and the card's Possible \
                matches. A closed report, or one without a place (or radius), has none.

                JSON output: {"id", "matches": [{"id", "meters", "distance", "score", "title", \
                "date", "url", "report"}…]}.
                """)

        @Argument(help: "The report's id.")
        var id: String

        @Option(help: ArgumentHelp("Kilometres added to every search circle.", valueName: "km"))
        var marginKm: Double = 1

        @Option(help: "How many matches at most (1–100).")
        var limit = 10

        @OptionGroup var output: JSONOutputOption

        @OptionGroup var storeOptions: StoreOptions

        func validate() throws {
            guard (1...100).contains(limit) else { throw ValidationError("--limit must be from 1 to 100.") }
            do {
                _ = try SearchRadius(kilometers: marginKm)
            } catch {
                throw ValidationError("--margin-km: \(error.description)")
            }
        }

        func run() async throws {
            let (id, limit) = (self.id, self.limit)
            let margin = (try? SearchRadius(kilometers: marginKm)) ?? .zero
            let (report, matches) = try await withStore(storeOptions, schema: .current) {
                store throws(ReportStoreError) in
                let report = try await store.report(id: id)
                return (report, try await ReportMatching.matches(for: report, in: store, margin: margin, limit: limit))
            }
            if output.json {
                print(ReportMatching.json(id: report.id, matches).text)
                return
            }
            let name = report.id.terminalSafe
            print("\(matches.count) possible match\(matches.count == 1 ? "" : "es") for \(report.kind) report \(name):")
            for match in matches {
                let score = String(format: "%.3f", match.score)
                let row = [
                    score, ReportMatching.distanceText(match.meters), match.report.id,
                    ReportMatching.title(match.report),
                ]
                let lost = ReportMatching.date(match.report)
                print((row + (lost.isEmpty ? [] : ["lost " + lost])).map(\.terminalSafe).joined(separator: "  "))
            }
        }
    }
}
