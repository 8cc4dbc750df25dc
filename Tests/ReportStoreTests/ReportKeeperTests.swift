import Foundation
import ReportSteps
import ReportStore
import ReportStoreTestSupport
import Reports
import SQLiteReportStore
import Testing

/// The report's use cases (``ReportKeeper``) that the routes and the commands call: one report
/// per idempotency key, the owner's token given once, the status table, a photo that never
/// outlives its report.
@Suite(.timeLimit(.minutes(2)))
struct ReportKeeperTests {
    /// 2026-12-07T10:00:00Z: the keeper's clock in these tests.
    static let now = Date(timeIntervalSince1970: 1_796_637_600)

    static func keeper(photos: Bool = true) throws -> (ReportKeeper, SQLiteReportStore, TemporaryFolder) {
        let folder = try TemporaryFolder()
        let store = try SQLiteReportStore(path: folder.path("reports.sqlite"))
        let keeper = ReportKeeper(store: store, photos: photos ? StoreKeptPhotos(store) : nil, now: { now })
        return (keeper, store, folder)
    }

    static func found(_ id: String, breed: String = "Beagle") -> PetReport {
        var report = PetReport(id: id, kind: .found)
        report.species = "DOG"
        report.breed = breed
        return report
    }

    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 7, count: 300)

    @Test func aReportMadeTwiceWithOneKeyIsStoredOnceAndItsTokenIsGivenOnce() async throws {
        let (keeper, store, _) = try Self.keeper()
        let token = OwnerToken.make()
        let first = try await keeper.create(Self.found("k-1"), idempotencyKey: "draft-1", owner: token)
        #expect(!first.replayed)
        #expect(first.ownerToken == token)
        let stored = try await store.report(id: "k-1")
        #expect(stored.ownerTokenHash == token.hash)
        #expect(stored.renewedAt == ReportTimestamp.text(Self.now))
        #expect(stored.idempotencyKey == "draft-1")

        // The same report again under a new id (a Submit pressed twice makes a new id each time).
        let again = try await keeper.create(Self.found("k-2"), idempotencyKey: "draft-1", owner: .make())
        #expect(again.replayed)
        #expect(again.ownerToken == nil)
        #expect(again.report.id == "k-1")
        #expect(try await store.count() == 1)
        await store.close()
    }

    @Test func anotherReportUnderAUsedKeyIsRefusedNamingTheReportItMade() async throws {
        let (keeper, store, _) = try Self.keeper()
        _ = try await keeper.create(Self.found("k-1"), idempotencyKey: "draft-1", owner: .make())
        do {
            _ = try await keeper.create(Self.found("k-2", breed: "Poodle"), idempotencyKey: "draft-1", owner: .make())
            Issue.record("a second report was made with a used key")
        } catch {
            guard case .idempotencyKeyReused(let key, let made) = error else { throw error }
            #expect(key == "draft-1")
            #expect(made.id == "k-1")
            #expect(error.description.contains("made report k-1"))
        }
        #expect(try await store.count() == 1)
        await store.close()
    }

    @Test func aReportMadeWithoutAnOwnerIsTheOperatorsAlone() async throws {
        let (keeper, store, _) = try Self.keeper()
        let made = try await keeper.create(Self.found("k-1"), owner: nil)
        #expect(made.ownerToken == nil)
        #expect(!made.replayed)
        #expect(try await store.report(id: "k-1").ownerTokenHash == nil)
        await store.close()
    }

    @Test func aPhotoOnAKeeperWithoutPhotosStoresNeitherReportNorPhoto() async throws {
        let (keeper, store, _) = try Self.keeper(photos: false)
        let photo = try PhotoAttachment(filename: "dog.png", bytes: Self.png)
        do {
            _ = try await keeper.create(Self.found("k-1"), photo: photo, owner: .make())
            Issue.record("a report was made with a photo nobody keeps")
        } catch {
            guard case .photo(let failure) = error else { throw error }
            #expect(failure.reason == .notKept)
        }
        #expect(try await store.count() == 0)
        await store.close()
    }

    @Test func aStatusTheTableDoesNotAllowIsRefusedAndNothingChanges() async throws {
        let (keeper, store, _) = try Self.keeper()
        _ = try await keeper.create(Self.found("k-1"), owner: nil)
        do {
            _ = try await keeper.setStatus(.active, id: "k-1")
            Issue.record("a found report was made ACTIVE")
        } catch {
            guard case .store(let failure) = error else { throw error }
            #expect(failure.reason == .statusNotForKind)
        }
        #expect(try await store.report(id: "k-1").status == .found)
        #expect(try await keeper.setStatus(.closed, id: "k-1").status == .closed)
        await store.close()
    }

    @Test func aReplacedPhotoIsKeptAndAPhotoForAMissingReportIsNot() async throws {
        let (keeper, store, _) = try Self.keeper()
        _ = try await keeper.create(Self.found("k-1"), owner: nil)
        let photo = ReportPhoto(bytes: Data(Self.png), type: .png)
        try await keeper.replacePhoto(id: "k-1", with: photo)
        #expect(try await StoreKeptPhotos(store).photo(id: "k-1")?.bytes == Data(Self.png))
        do {
            try await keeper.replacePhoto(id: "k-gone", with: photo)
            Issue.record("a photo was kept for a report that is not stored")
        } catch {
            guard case .removedWhilePhotoArrived(let id) = error else { throw error }
            #expect(id == "k-gone")
        }
        try await keeper.remove(id: "k-1")
        #expect(try await StoreKeptPhotos(store).photo(id: "k-1") == nil)
        await store.close()
    }
}
