import Foundation
import Geodata
import Geodesy
import LocationTestSupport
import PhotoTestSupport
import ReportSteps
import ReportStore
import ReportStoreTestSupport
import Reports
import SQLiteReportStore
import Testing

/// `petspot reports export` → `reports import` and `reports copy` between the engines, through
/// the built binary: every field, owner-token hash and photo byte comes back the same.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct ReportArchiveTests {
    /// Runs `petspot arguments…` with no default store of the machine's in reach.
    static func petspot(_ folder: TemporaryStoreFolder, _ arguments: [String], stdin: String = "") async throws
        -> ProcessRun.Output
    {
        try await ProcessRun.run(
            PetSpotBinary.url, arguments, stdin: stdin,
            environment: ["XDG_DATA_HOME": folder.path + "-data", "PETSPOT_STORE": ""], timeout: .seconds(120))
    }

    /// Reports with every field set, none, a found and a closed one, and photos of two types.
    static func seed(_ path: String) async throws {
        let store = try SQLiteReportStore(path: path)
        var full = try PetReport.missing(
            id: "full", coordinate: Coordinate(latitude: 52.2297, longitude: 21.0122),
            radius: SearchRadius(kilometers: 15), place: "Warsaw, \"Praga\"")
        full.lastSeenDate = "2025-11-17"
        full.species = "DOG"
        full.breed = "Beagle"
        full.gender = "FEMALE"
        full.approximateAge = 3
        full.microchipNumber = "123456789012345"
        full.description = "Red collar.\nAnswers to Luna \u{1F436}"
        full.phone = "+48123456789"
        full.email = "owner@example.com"
        full.reward = "100 PLN"
        full.ownerTokenHash = OwnerToken.make().hash
        var found = PetReport(id: "found-1", kind: .found)
        found.coordinate = try Coordinate(latitude: -33.8, longitude: 151.2)
        found.email = "finder@example.com"
        found.caregiverPhone = "+48600100200"
        found.currentAddress = "Shelter \"Łapa\"\nMain St 1\tback\\slash"
        let closed = PetReport(id: "closed:1", kind: .missing, status: .closed)
        try await store.add([full, found, closed, PetReport(id: "bare", kind: .missing)])
        let photos = StoreKeptPhotos(store)
        try await photos.write(Data(ReportPhotosTests.png(700)), type: .png, id: "full")
        try await photos.write(Data(StructuredPhotos.jpeg(byteCount: 40, fill: 2)), type: .jpeg, id: "found-1")
        await store.close()
    }

    @Test(.enabled(if: PostgresServer.shouldRun))
    func anExportComesBackWholeFromPostgreSQLAndSQLite() async throws {
        let folder = try TemporaryStoreFolder()
        try await Self.seed(folder.path)
        let first = try await Self.petspot(folder, ["reports", "export", "--store", "sqlite:" + folder.path])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr == "Exported 4 reports (2 photos) of sqlite:\(folder.path).\n")
        #expect(first.stdout.split(separator: "\n").count == 4)
        let file = folder.path + ".jsonl"
        try Data(first.stdout.utf8).write(to: URL(fileURLWithPath: file))

        let database = try await PostgresServer.start()
        do {
            let address = try await database.createDatabase()
            let postgres = "postgres://\(address.user)@\(address.host):\(address.port)/\(address.database)"
            let imported = try await Self.petspot(folder, ["reports", "import", file, "--store", postgres])
            #expect(imported.status == 0, "\(imported.stderr)")
            let fromPostgres = try await Self.petspot(folder, ["reports", "export", "--store", postgres])
            #expect(fromPostgres.stdout == first.stdout, "PostgreSQL gives back every field and photo")

            let back = folder.path + "-back.sqlite"
            let copied = try await Self.petspot(
                folder, ["reports", "copy", "--from", postgres, "--to", "sqlite:" + back])
            #expect(copied.status == 0, "\(copied.stderr)")
            #expect(copied.stdout.hasSuffix("it holds 4.\n"), "\(copied.stdout)")
            let fromCopy = try await Self.petspot(folder, ["reports", "export", "--store", "sqlite:" + back])
            #expect(fromCopy.stdout == first.stdout, "and so does a copy of it into SQLite")
            let again = try await Self.petspot(
                folder, ["reports", "copy", "--from", "sqlite:" + folder.path, "--to", "sqlite:" + back])
            #expect(again.status == 1 && again.stderr.contains("already holds 4 reports; copy into an empty store"))
        } catch {
            Issue.record("\(error)")
        }
        await database.stop()
    }

    @Test func aBadLineStoresNothingAndNamesTheLine() async throws {
        let folder = try TemporaryStoreFolder()
        let lines = [
            #"{"id":"a","kind":"missing","status":"ACTIVE"}"#,
            #"{"id":"b","kind":"missing","status":"ACTIVE","locationLatitude":95,"locationLongitude":1}"#,
            #"{"id":"c","kind":"found","status":"FOUND","colour":"red"}"#,
        ]
        let file = folder.path + ".jsonl"
        try Data(lines.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: file))
        let store = "sqlite:" + folder.path
        let refused = try await Self.petspot(folder, ["reports", "import", file, "--store", store])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("line 2: locationLatitude, locationLongitude:"), "\(refused.stderr)")
        #expect(refused.stderr.contains("line 3: colour is not a member of a report"), "\(refused.stderr)")
        let empty = try await Self.petspot(folder, ["reports", "export", "--store", store])
        #expect(empty.stdout.isEmpty && empty.stderr.hasPrefix("Exported 0 reports"))
    }
}
