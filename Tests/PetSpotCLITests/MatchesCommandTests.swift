import Foundation
import LocationTestSupport
import Testing

/// `petspot matches ID`: a stored found report's possible matches, through the built binary
/// over a scratch store filled from an export's JSON Lines.
@Suite("petspot matches", .serialized)
struct MatchesCommandTests {
    static let lines = [
        #"{"id":"luna","kind":"missing","status":"ACTIVE","species":"DOG","breed":"Beagle","lastSeenDate":"2025-11-17","locationLatitude":52.2297,"locationLongitude":21.0122,"locationRadius":5}"#,
        #"{"id":"far","kind":"missing","status":"ACTIVE","species":"DOG","lastSeenDate":"2025-11-17","locationLatitude":50.06,"locationLongitude":19.94,"locationRadius":5}"#,
        #"{"id":"tom","kind":"missing","status":"ACTIVE","species":"CAT","lastSeenDate":"2025-11-17","locationLatitude":52.25,"locationLongitude":21.0,"locationRadius":5}"#,
        #"{"id":"found-1","kind":"found","status":"FOUND","species":"DOG","lastSeenDate":"2025-11-18","locationLatitude":52.25,"locationLongitude":21.0,"email":"f@example.com"}"#,
    ]

    @Test func aFoundReportsMatchesAreListedBestFirstInTextAndJSON() async throws {
        let folder = try ScratchFolder()
        let file = try folder.write("store.jsonl", Self.lines.joined(separator: "\n") + "\n")
        let imported = try await ReportsCommandTests.petspot(folder, ["reports", "import", file])
        #expect(imported.status == 0, "\(imported.stderr)")
        let text = try await ReportsCommandTests.petspot(folder, ["matches", "found-1"])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.hasPrefix("1 possible match for found report found-1:\n"), "\(text.stdout)")
        #expect(text.stdout.contains("  2.4 km  luna  Dog · Beagle  lost Nov 17, 2025\n"), "\(text.stdout)")
        let json = try await ReportsCommandTests.petspot(folder, ["matches", "found-1", "--json", "--margin-km", "0"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let matches = try #require(object["matches"] as? [[String: Any]])
        #expect(matches.map { $0["id"] as? String } == ["luna"])
        #expect(matches.first?["url"] as? String == "/pets/luna")
        let missing = try await ReportsCommandTests.petspot(folder, ["matches", "luna"])
        #expect(missing.stdout.hasPrefix("1 possible match for missing report luna:\n"), "\(missing.stdout)")
        #expect(missing.stdout.contains("  2.4 km  found-1  Dog  lost Nov 18, 2025\n"), "\(missing.stdout)")
        let unknown = try await ReportsCommandTests.petspot(folder, ["matches", "nobody"])
        #expect(unknown.status == 1 && unknown.stderr.contains("No report with id \"nobody\"."), "\(unknown.stderr)")
        let bad = try await ReportsCommandTests.petspot(folder, ["matches", "found-1", "--limit", "0"])
        #expect(bad.status == 64)
    }
}
