import Foundation
import ReportSteps
import ReportStore
import ReportStoreTestSupport
import Reports
import SQLiteReportStore
import Testing

/// Every photo keeper passes the ``ReportPhotos`` contract; ``ReportKeeper`` keeps a report
/// and its photo as one.
@Suite(.timeLimit(.minutes(2)))
struct ReportPhotosTests {
    @Test func theFolderBesideTheStorePassesTheContract() async throws {
        let folder = try TemporaryFolder()
        let violations = await ReportPhotosContract.check(ReportPhotoFolder(path: folder.path("photos")))
        #expect(violations.isEmpty, "\(violations.map(\.description).joined(separator: "\n"))")
    }

    @Test func theInMemoryKeeperPassesTheContract() async {
        let violations = await ReportPhotosContract.check(InMemoryReportPhotos())
        #expect(violations.isEmpty, "\(violations.map(\.description).joined(separator: "\n"))")
    }

    @Test func aKeeperThatLosesPhotosIsCaught() async {
        let violations = await ReportPhotosContract.check(ForgetfulPhotos())
        #expect(Set(violations.map(\.requirement)).contains(.writingAndReading), "\(violations)")
    }

    @Test func aReportAndItsPhotoAreKeptAndRemovedAsOne() async throws {
        let folder = try TemporaryFolder()
        let store = try SQLiteReportStore(path: folder.path("reports.sqlite"))
        let photos = InMemoryReportPhotos()
        let keeper = ReportKeeper(store: store, photos: photos)
        let photo = try PhotoAttachment(filename: "luna.png", bytes: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var report = PetReport(id: "k-1", kind: .found)
        report.email = "finder@example.com"
        report.renewedAt = "2025-11-18T10:00:00.000Z"  // kept as given (a report without one is made now)
        try await keeper.add(report, photo: photo)
        #expect(try await store.report(id: "k-1") == report)
        #expect(photos.type(id: "k-1") == .png)
        // A report the store refuses leaves no photo behind.
        do {
            try await keeper.add(report, photo: photo)
            Issue.record("a duplicate id was stored")
        } catch {
            guard case .store(let failure) = error else { throw error }
            #expect(failure.reason == .duplicateID)
        }
        var invalid = PetReport(id: "k-2", kind: .found)
        invalid.breed = String(repeating: "a", count: PetReport.maximumTextBytes + 1)
        do {
            try await keeper.add(invalid, photo: photo)
            Issue.record("an invalid report was stored")
        } catch {
            guard case .store(let failure) = error else { throw error }
            #expect(failure.reason == .invalidReport)
        }
        #expect(photos.type(id: "k-2") == nil, "the photo written for a refused report is removed")
        // Without a photo keeper, a report with a photo is refused before anything is stored.
        do {
            try await ReportKeeper(store: store, photos: nil).add(PetReport(id: "k-3", kind: .found), photo: photo)
            Issue.record("a report with a photo was stored without a photo keeper")
        } catch {
            guard case .photo(let failure) = error else { throw error }
            #expect(failure.reason == .notKept)
        }
        #expect(try await store.count() == 1)
        try await keeper.remove(id: "k-1")
        #expect(photos.count == 0)
        await store.close()
    }
}

/// A keeper that keeps nothing: the contract must notice.
private struct ForgetfulPhotos: ReportPhotos {
    func write(_ bytes: Data, type: ImageType, id: String) {}
    func photo(id: String) -> ReportPhoto? { nil }
    func type(id: String) -> ImageType? { nil }
    func remove(id: String) {}
}
