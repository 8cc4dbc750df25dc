import Foundation
import PostgresReportStore
import ReportSteps
import ReportStore
import ReportStoreTestSupport
import Reports
import SQLiteReportStore
import Testing

/// Photos kept in the store itself (SQLite's file, PostgreSQL's `report_photo`): the photo
/// contract, a photo that goes with its report, a replacement only while the photo is the one
/// read, and the move of an earlier server's folder.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct StoreKeptPhotosTests {
    static let contractIDs = ["p-1", "p-2", "p-:~@+._3"]

    static func png(_ fill: UInt8, _ count: Int = 600) -> Data {
        let header: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        return Data(header + [UInt8](repeating: fill, count: count))
    }

    @Test func sqliteKeptPhotosPassTheContractAndGoWithTheirReports() async throws {
        let folder = try TemporaryFolder()
        let store = try SQLiteReportStore(path: folder.path("reports.sqlite"))
        try await Self.checkEverything(store)
        await store.close()
    }

    @Test(.enabled(if: PostgresServer.shouldRun))
    func postgresKeptPhotosPassTheContractAndGoWithTheirReports() async throws {
        let server = try await PostgresServer.start()
        do {
            let store = try await PostgresReportStore.open(try await server.createDatabase())
            try await Self.checkEverything(store)
            await store.close()
        } catch {
            Issue.record("\(error)")
        }
        await server.stop()
    }

    static func checkEverything(_ store: some ReportPhotoStore) async throws {
        try await store.add(contractIDs.map { PetReport(id: $0, kind: .found) })
        let photos = StoreKeptPhotos(store)
        let violations = await ReportPhotosContract.check(photos)
        #expect(violations.isEmpty, "\(violations.map(\.description).joined(separator: "\n"))")
        let findings = try await photosGoWithTheirReports(store)
        #expect(findings.isEmpty, "\(findings.joined(separator: "\n"))")
    }

    /// What a store that keeps photos must do beyond the contract; each broken rule as a line.
    static func photosGoWithTheirReports(_ store: some ReportPhotoStore) async throws -> [String] {
        var log: [String] = []
        let photos = StoreKeptPhotos(store)
        let keeper = ReportKeeper(store: store, photos: photos)
        let first = try PhotoAttachment(filename: "a.png", bytes: [UInt8](png(1)))
        try await keeper.add(PetReport(id: "g-1", kind: .found), photo: first)
        let kept: ReportPhoto? = try await photos.photo(id: "g-1")
        if kept?.bytes != Data(first.bytes) { log.append("a report added with its photo has not got it") }
        if kept?.tag != ReportPhoto.tag(of: Data(first.bytes)) { log.append("the kept tag is not the bytes' tag") }
        // The same id again, with another photo: refused, and the first photo stays.
        let second = try PhotoAttachment(filename: "b.png", bytes: [UInt8](png(2)))
        do {
            try await keeper.add(PetReport(id: "g-1", kind: .found), photo: second)
            log.append("a duplicate id was stored")
        } catch {
            if case .store(let failure) = error, failure.reason == .duplicateID {
            } else {
                log.append("a duplicate id failed with \(error)")
            }
        }
        let afterDuplicate: ReportPhoto? = try await photos.photo(id: "g-1")
        if afterDuplicate?.bytes != Data(first.bytes) { log.append("a refused duplicate replaced the photo") }
        // No photo without its report, one or a page.
        let orphan: ReportPhotoError? = await Self.failure { () async throws(ReportPhotoError) in
            try await photos.write(png(3), type: .png, id: "g-none")
        }
        if orphan?.reason != .noReport { log.append("a photo of a report not stored: \(String(describing: orphan))") }
        let replacement = ReportPhoto(bytes: png(4), type: ImageType.png)
        let page: [(id: String, photo: ReportPhoto)] = [
            (id: "g-1", photo: replacement), (id: "g-none", photo: replacement),
        ]
        let pageFailure: ReportPhotoError? = await Self.failure { () async throws(ReportPhotoError) in
            try await photos.writeAll(page)
        }
        if pageFailure?.reason != .noReport {
            log.append("a page with an unknown report: \(String(describing: pageFailure))")
        }
        let afterPage: ReportPhoto? = try await photos.photo(id: "g-1")
        if afterPage?.bytes != Data(first.bytes) { log.append("a refused page changed a photo: not all or none") }
        try await store.add([PetReport(id: "g-2", kind: .missing)])
        let found: [String: ReportPhoto] = try await photos.photos(ids: ["g-1", "g-2", "g-none"])
        let foundIDs: [String] = found.keys.sorted()
        if foundIDs != ["g-1"] { log.append("photos(ids:) gave \(foundIDs)") }
        // A conditional replacement: only while the photo is still the one read.
        let stale = StoredPhoto(bytes: png(5), mediaType: "image/png", tag: ReportPhoto.tag(of: png(5)))
        if try await store.replacePhoto(id: "g-1", tagged: "not-its-tag", with: stale) {
            log.append("replacePhoto replaced a photo whose tag had changed")
        }
        if try await store.photo(id: "g-1")?.bytes != Data(first.bytes) {
            log.append("a refused replacePhoto changed the photo")
        }
        if try await !store.replacePhoto(id: "g-1", tagged: ReportPhoto.tag(of: Data(first.bytes)), with: stale) {
            log.append("replacePhoto with the photo's own tag did not replace it")
        }
        if try await store.photo(id: "g-1") != stale { log.append("replacePhoto did not keep the new photo whole") }
        if try await store.replacePhoto(id: "g-2", tagged: stale.tag, with: stale) {
            log.append("replacePhoto made a photo for a report that had none")
        }
        // Removing the report removes its photo, in the same transaction.
        try await store.remove(id: "g-1")
        if try await store.photo(id: "g-1") != nil { log.append("a removed report's photo is still there") }
        if try await store.photoType(id: "g-1") != nil { log.append("a removed report's photo still has a type") }
        return log
    }

    /// The error `body` throws, or `nil`.
    static func failure(_ body: () async throws(ReportPhotoError) -> Void) async -> ReportPhotoError? {
        do {
            try await body()
            return nil
        } catch {
            return error
        }
    }

    @Test func aPhotoFolderOfAnEarlierServerMovesIntoTheStoreLosingNothing() async throws {
        let folder = try TemporaryFolder()
        let store = try SQLiteReportStore(path: folder.path("reports.sqlite"))
        try await store.add([PetReport(id: "r-1", kind: .found), PetReport(id: "r-2", kind: .missing)])
        let old = ReportPhotoFolder(path: folder.path("reports-photos"))
        try old.write(Self.png(5), type: .png, id: "r-1")
        try old.write(Self.png(6), type: .png, id: "r-gone")  // its report was removed meanwhile
        let photos = StoreKeptPhotos(store)
        let move: ReportPhotoFolder.Move = try await old.moveAll(into: photos)
        let expected = ReportPhotoFolder.Move(moved: 1, left: ["r-gone.png"])
        #expect(move == expected)
        let kept: ReportPhoto? = try await photos.photo(id: "r-1")
        #expect(kept == ReportPhoto(bytes: Self.png(5), type: ImageType.png))
        #expect(old.type(id: "r-1") == nil, "a moved file is removed")
        #expect(old.type(id: "r-gone") == .png, "a photo without its report stays in the folder")
        let again: ReportPhotoFolder.Move = try await old.moveAll(into: photos)
        #expect(again == ReportPhotoFolder.Move(moved: 0, left: ["r-gone.png"]))
        try old.remove(id: "r-gone")
        let last: ReportPhotoFolder.Move = try await old.moveAll(into: photos)
        #expect(last == ReportPhotoFolder.Move())
        #expect(!FileManager.default.fileExists(atPath: old.path), "an empty folder is removed")
        await store.close()
    }
}
