import Foundation
import LocationTestSupport
import Testing

/// `petspot reports forget EMAIL [--dry-run]` ("Forget me", issue 47 item 7): every report of an
/// address and its photo removed, the address matched without regard to case or surrounding
/// spaces, through the built binary over a scratch store.
@Suite("petspot reports forget", .serialized)
struct ReportsForgetCommandTests {
    static func petspot(_ folder: ScratchFolder, _ arguments: [String]) async throws -> PetSpotProcess.Output {
        try await ReportsCommandTests.petspot(folder, arguments)
    }

    /// A 1 × 1 PNG the photo rules take, in base64.
    static let photo = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAAAAAAAAAAAAAElEQVQAAAAAAAAAAElFTkQAAAAA"

    /// An archive line: report `id` of `kind` with contact `email`, with the photo or none.
    static func line(_ id: String, kind: String = "missing", email: String, photo: Bool = false) -> String {
        let status = kind == "found" ? "FOUND" : "ACTIVE"
        let photoJSON = photo ? #"{"type":"PNG","data":"\#(Self.photo)"}"# : "null"
        return #"{"id":"\#(id)","kind":"\#(kind)","status":"\#(status)","email":"\#(email)","photo":\#(photoJSON)}"#
    }

    /// A store with three reports of the owner (in two spellings, the first with a photo) and
    /// one of someone else, with a photo too.
    static func storeWithTheOwnersReports() async throws -> ScratchFolder {
        let folder = try ScratchFolder()
        let lines = [
            line("r-1", email: "Owner@Example.COM", photo: true),
            line("r-2", kind: "found", email: "owner@example.com"),
            line("r-3", email: "owner@EXAMPLE.com"),
            line("r-4", email: "other@example.com", photo: true),
        ]
        let archive = try folder.write("archive.jsonl", lines.joined(separator: "\n") + "\n")
        let imported = try await petspot(folder, ["reports", "import", archive])
        #expect(imported.status == 0, "\(imported.stderr)")
        return folder
    }

    /// The ids `reports export` gives, and how many photos it says it exported.
    static func exported(_ folder: ScratchFolder) async throws -> (ids: [String], stderr: String, stdout: String) {
        let export = try await petspot(folder, ["reports", "export"])
        #expect(export.status == 0, "\(export.stderr)")
        let ids = try export.stdout.split(separator: "\n").map { line in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            return try #require(object?["id"] as? String)
        }
        return (ids, export.stderr, export.stdout)
    }

    @Test func removesEveryReportOfTheAddressWhateverItsCaseAndItsPhotoAndNothingElse() async throws {
        let folder = try await Self.storeWithTheOwnersReports()
        let forgot = try await Self.petspot(folder, ["reports", "forget", " OWNER@example.com "])
        #expect(forgot.status == 0, "\(forgot.stderr)")
        #expect(
            forgot.stdout
                == """
                Removed r-1 (missing) and its photo.
                Removed r-2 (found).
                Removed r-3 (missing).
                Removed 3 reports of OWNER@example.com and 1 photo.

                """)
        let left = try await Self.exported(folder)
        #expect(left.ids == ["r-4"])
        #expect(left.stderr.hasPrefix("Exported 1 report (1 photo) of"), "\(left.stderr)")
        #expect(left.stdout.contains(Self.photo), "the other address's photo stays")

        // The photo went with its report: the same id stored again has none.
        let again = try folder.write("again.jsonl", Self.line("r-1", email: "new@example.com") + "\n")
        #expect(try await Self.petspot(folder, ["reports", "import", again]).status == 0)
        let exported = try await Self.exported(folder)
        #expect(exported.ids == ["r-1", "r-4"])
        #expect(exported.stderr.hasPrefix("Exported 2 reports (1 photo) of"), "\(exported.stderr)")

        let twice = try await Self.petspot(folder, ["reports", "forget", "owner@example.com"])
        #expect(twice.status == 0 && twice.stdout == "No report has the address owner@example.com.\n")
    }

    @Test func dryRunListsWhatWouldBeRemovedAndRemovesNothing() async throws {
        let folder = try await Self.storeWithTheOwnersReports()
        let before = try await Self.exported(folder)
        let dry = try await Self.petspot(folder, ["reports", "forget", "owner@example.com", "--dry-run"])
        #expect(dry.status == 0, "\(dry.stderr)")
        #expect(
            dry.stdout
                == """
                Would remove r-1 (missing) and its photo.
                Would remove r-2 (found).
                Would remove r-3 (missing).
                Would remove 3 reports of owner@example.com and 1 photo; nothing was removed (--dry-run).

                """)
        let after = try await Self.exported(folder)
        #expect(after.ids == ["r-1", "r-2", "r-3", "r-4"])
        #expect(after.stdout == before.stdout, "every report and photo is as it was")
    }

    @Test func anAddressNoReportHasIsNotAnError() async throws {
        let folder = try await Self.storeWithTheOwnersReports()
        let none = try await Self.petspot(folder, ["reports", "forget", "nobody@example.com"])
        #expect(none.status == 0, "\(none.stderr)")
        #expect(none.stdout == "No report has the address nobody@example.com.\n")
        #expect(try await Self.exported(folder).ids == ["r-1", "r-2", "r-3", "r-4"])

        let empty = try ScratchFolder()
        let nothingStored = try await Self.petspot(empty, ["reports", "forget", "owner@example.com"])
        #expect(nothingStored.status == 0 && nothingStored.stdout == "No report has the address owner@example.com.\n")
    }

    @Test func aBlankAddressIsAUsageErrorThatRemovesNothing() async throws {
        let folder = try await Self.storeWithTheOwnersReports()
        let blank = try await Self.petspot(folder, ["reports", "forget", "   "])
        #expect(blank.status == 64, "\(blank.stdout)")
        #expect(blank.stderr.contains("EMAIL is empty"), "\(blank.stderr)")
        #expect(try await Self.exported(folder).ids == ["r-1", "r-2", "r-3", "r-4"])
    }
}
