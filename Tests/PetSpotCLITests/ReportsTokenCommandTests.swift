import Foundation
import LocationTestSupport
import Testing

/// `petspot reports token ID [--rotate] [--json]`: whether a report has an owner, and a new
/// owner token for it, through the built binary over a scratch store.
@Suite("petspot reports token", .serialized)
struct ReportsTokenCommandTests {
    static func petspot(_ folder: ScratchFolder, _ arguments: [String]) async throws -> PetSpotProcess.Output {
        try await ReportsCommandTests.petspot(folder, arguments)
    }

    static func json(_ output: PetSpotProcess.Output) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
    }

    @Test func anImportedReportIsTheOperatorsUntilRotateGivesItAnOwner() async throws {
        let folder = try ScratchFolder()
        let file = try folder.write("r.csv", "luna,52.2297,21.0122,5\n")
        #expect(try await Self.petspot(folder, ["reports", "import", file]).status == 0)
        let before = try await Self.petspot(folder, ["reports", "token", "luna"])
        #expect(before.status == 0)
        #expect(before.stdout == "Report luna belongs to the operator alone; --rotate gives it an owner token.\n")

        let rotated = try await Self.petspot(folder, ["reports", "token", "luna", "--rotate", "--json"])
        #expect(rotated.status == 0, "\(rotated.stderr)")
        let object = try Self.json(rotated)
        let token = try #require(object["ownerToken"] as? String)
        #expect(token.utf8.count == 43)
        #expect(object["owned"] as? Bool == true && object["link"] as? String == "/pets/luna#ownerToken=\(token)")
        // The store keeps the token's SHA-256, never the token.
        let shown = try await Self.petspot(folder, ["reports", "show", "luna"])
        #expect(!shown.stdout.contains(token))
        let after = try await Self.petspot(folder, ["reports", "token", "luna", "--json"])
        let owned = try Self.json(after)
        #expect(owned["owned"] as? Bool == true && owned["ownerToken"] is NSNull, "a token is shown only once")

        let again = try await Self.petspot(folder, ["reports", "token", "luna", "--rotate"])
        let lines = again.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3 && lines[1].utf8.count == 43 && lines[1] != token, "\(again.stdout)")
        #expect(lines[0].hasPrefix("Report luna's new owner token (the old one no longer works"))
    }

    @Test func anUnknownReportIsAnErrorNamingIt() async throws {
        let folder = try ScratchFolder()
        let unknown = try await Self.petspot(folder, ["reports", "token", "nobody", "--rotate"])
        #expect(unknown.status == 1 && unknown.stderr.contains("No report with id \"nobody\"."), "\(unknown.stderr)")
        #expect(unknown.stdout.isEmpty)
    }
}
