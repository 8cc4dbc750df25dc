import Foundation
import ReportSteps
import ReportStore
import Reports
import SQLiteReportStore
import Testing

/// ``AddressForgetting`` ("Forget me", issue 47 item 7): which addresses match, the reports
/// found across pages of the store, and removal through ``ReportKeeper`` with the same removal
/// events as `DELETE`.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct AddressForgettingTests {
    @Test(arguments: [
        (" Owner@Example.COM ", "owner@example.com", true),
        ("owner@example.com", "\tOWNER@EXAMPLE.COM\n", true),
        ("Élodie@Example.com", "élodie@example.COM", true),
        ("owner@example.com", "owner@example.co", false),
        ("owner@example.com", "owner @example.com", false),
        ("owner@example.com", "", false),
    ])
    func anAddressMatchesWithoutRegardToCaseOrSurroundingSpaces(given: String, stored: String, matches: Bool) throws {
        let forgetting = try #require(AddressForgetting(address: given))
        #expect(forgetting.matches(stored) == matches)
        #expect(!forgetting.matches(nil), "a report with no email is nobody's")
    }

    @Test func aBlankAddressIsNoAddress() {
        #expect(AddressForgetting(address: "") == nil)
        #expect(AddressForgetting(address: " \t\n ") == nil)
        #expect(AddressForgetting(address: " a@b.example ")?.address == "a@b.example")
    }

    /// `count` reports, every `every`th of them with the owner's address (in changing case).
    static func reports(_ count: Int, every: Int) -> [PetReport] {
        (0..<count).map { index in
            var report = PetReport(id: String(format: "r-%05d", index), kind: index % 2 == 0 ? .missing : .found)
            report.email = index % every == 0 ? (index % 3 == 0 ? "OWNER@example.com" : "owner@Example.COM") : "x@y.z"
            return report
        }
    }

    @Test func reportsOnEveryPageAreFoundRemovedWithTheirPhotosAndAnnouncedAsRemoved() async throws {
        let folder = try TemporaryFolder()
        let store = try SQLiteReportStore(path: folder.path("reports.sqlite"))
        let stored = Self.reports(ReportListQuery.maximumLimit + 500, every: 1_000)
        try await store.add(stored)
        let owners = stored.filter { $0.email?.lowercased() == "owner@example.com" }.map(\.id)
        #expect(owners.count == 11 && owners.last == "r-10000", "the last one is on the second page")
        let photos = StoreKeptPhotos(store)
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 1, count: 64))
        try await photos.write(png, type: .png, id: "r-01000")
        try await photos.write(png, type: .png, id: "r-00001")
        let keeper = ReportKeeper(store: store, photos: photos)
        let forgetting = try #require(AddressForgetting(address: "Owner@Example.com"))

        let dry = try await forgetting.forget(with: keeper, dryRun: true)
        #expect(dry.map(\.id) == owners && dry.allSatisfy { $0.outcome == .wouldBeRemoved })
        #expect(try await store.count() == stored.count, "a dry run removes nothing")

        let before = try await store.latestEventSequence()
        var seen: [String] = []
        let removed = try await forgetting.forget(with: keeper, dryRun: false) { seen.append($0.id) }
        #expect(seen == owners && removed.map(\.id) == owners && removed.allSatisfy { $0.outcome == .removed })
        #expect(removed.filter(\.hadPhoto).map(\.id) == ["r-01000"])
        #expect(removed.first?.kind == .missing && removed.first { $0.id == "r-01000" }?.kind == .missing)
        #expect(try await store.count() == stored.count - owners.count)
        #expect(try await photos.photo(id: "r-01000") == nil, "the photo went with its report")
        #expect(try await photos.photo(id: "r-00001") != nil, "another address's photo stays")
        let events = try await store.events(after: before, limit: 100)
        #expect(events.map(\.reportID) == owners && events.allSatisfy { $0.change == .removed })

        #expect(try await forgetting.forget(with: keeper, dryRun: false).isEmpty)
        await store.close()
    }
}
