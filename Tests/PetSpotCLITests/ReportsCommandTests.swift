import Foundation
import LocationTestSupport
import Testing

/// `petspot reports …`, `nearby` and `show` over the store, through the built binary, with a
/// store file in a scratch folder (never the real data directory).
@Suite("petspot reports", .serialized)
struct ReportsCommandTests {
    /// Runs `petspot arguments… --store sqlite:FOLDER/reports.sqlite` style commands with
    /// `XDG_DATA_HOME` pointing into the folder (so the default file is there too).
    static func petspot(_ folder: ScratchFolder, _ arguments: [String], stdin: String = "") async throws
        -> PetSpotProcess.Output
    {
        try await PetSpotProcess.run(
            arguments, stdin: stdin, environment: ["XDG_DATA_HOME": folder.path("data"), "PETSPOT_STORE": ""])
    }

    /// Windows line endings, a byte order mark, a header in another order with an extra
    /// column, a quoted place with a comma and a quote.
    static let windowsCSV =
        "\u{FEFF}radiusKm,id,latitude,longitude,location,notes,phone\r\n"
        + "15,near,52.25,21.0,\"Warsaw, \"\"Praga\"\"\",x,+48 123 456 789\r\n"
        + "300,krakow,50.0647,19.9450,Kraków,,\r\n"
        + "10,sydney,-33.8,151.2,Sydney,,\r\n"

    @Test func importsACRLFFileWithAHeaderIntoTheDefaultStoreAndSearchesIt() async throws {
        let folder = try ScratchFolder()
        let file = try folder.write("reports.csv", Self.windowsCSV)
        let imported = try await Self.petspot(folder, ["reports", "import", file])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(
            imported.stdout.hasPrefix(
                "Stored 3 reports from \(file) in sqlite:\(folder.path("data"))/petspot/reports.sqlite."))
        #expect(FileManager.default.fileExists(atPath: folder.path("data/petspot/reports.sqlite")))
        let near = try await Self.petspot(folder, ["nearby", "--from", "52.2297,21.0122"])
        #expect(near.status == 0, "\(near.stderr)")
        let lines = near.stdout.split(separator: "\n")
        #expect(lines.first == "2 of 3 open missing reports within reach of 52.22970, 21.01220")
        #expect(lines.dropFirst().map { $0.split(separator: " ")[2] } == ["near", "krakow"])
        let shown = try await Self.petspot(folder, ["reports", "show", "near"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any])
        #expect(object["location"] as? String == "Warsaw, \"Praga\"")
        #expect(object["locationRadius"] as? Double == 15)
        let card = try await Self.petspot(folder, ["show", "near"])
        #expect(card.status == 0, "\(card.stderr)")
        #expect(
            card.stdout.contains("MISSING") && card.stdout.contains("Warsaw, \"Praga\" • ±15 km")
                && card.stdout.contains("+48 123 456 789"), "\(card.stdout)")
    }

    @Test func invalidRowsAreListedByLineAndNothingIsStoredUnlessSkipped() async throws {
        let folder = try ScratchFolder()
        let store = "sqlite:" + folder.path("r.sqlite")
        let file = try folder.write(
            "bad.csv", "id,lat,lon,radiusKm\nok,1,1,5\nbad-lat,95,1,5\nok,2,2,5\nbad id,1,1,5\n\"open,1,1,5\n")
        let refused = try await Self.petspot(folder, ["reports", "import", file, "--store", store])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("4 invalid reports of 5; nothing was stored"), "\(refused.stderr)")
        for line in ["line 3: latitude \"95\"", "line 4: id \"ok\" is already stored", "line 5: the id", "line 6:"] {
            #expect(refused.stderr.contains(line), "\(line) in \(refused.stderr)")
        }
        let empty = try await Self.petspot(folder, ["reports", "list", "--store", store])
        #expect(empty.status == 0 && empty.stdout.isEmpty, "\(empty.stdout)")
        let skipped = try await Self.petspot(folder, ["reports", "import", file, "--store", store, "--skip-invalid"])
        #expect(skipped.status == 0, "\(skipped.stderr)")
        #expect(skipped.stdout.contains("Stored 1 report from") && skipped.stdout.contains("Skipped 4 invalid rows:"))
        let listed = try await Self.petspot(folder, ["reports", "list", "--json", "--store", store])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [String: Any])
        #expect((object["reports"] as? [[String: Any]])?.map { $0["id"] as? String } == ["ok"])
    }

    @Test func aFileWithNoRowsIsAnErrorNotZeroReports() async throws {
        let folder = try ScratchFolder()
        let file = try folder.write("header.csv", "id,latitude,longitude,radiusKm\r\n\r\n# nothing\r\n")
        let output = try await Self.petspot(folder, ["reports", "import", file])
        #expect(output.status == 1)
        #expect(output.stderr.contains("the file has no reports"), "\(output.stderr)")
    }

    @Test func closeRemoveAndUnknownIdsSayWhatHappened() async throws {
        let folder = try ScratchFolder()
        let file = try folder.write("r.csv", "a,52.2297,21.0122,5\nb,52.2297,21.0122,5\n")
        #expect(try await Self.petspot(folder, ["reports", "import", file]).status == 0)
        let closed = try await Self.petspot(folder, ["reports", "close", "a"])
        #expect(closed.stdout == "Report a is CLOSED.\n")
        // The transition table holds here too (issue 43): a closed missing report is reopened,
        // never marked found; closing it again changes nothing and succeeds.
        let refused = try await Self.petspot(folder, ["reports", "close", "a", "--status", "FOUND"])
        #expect(refused.status == 1, "\(refused.stdout)")
        #expect(refused.stderr.contains("Report a is CLOSED and cannot become FOUND"), "\(refused.stderr)")
        #expect(try await Self.petspot(folder, ["reports", "close", "a"]).stdout == "Report a is CLOSED.\n")
        let near = try await Self.petspot(folder, ["nearby", "--from", "52.2297,21.0122", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(near.stdout.utf8)) as? [String: Any])
        #expect((object["matches"] as? [[String: Any]])?.map { $0["id"] as? String } == ["b"])
        // A report's photo is in the store and goes with the report; the other one stays.
        let exported = try await Self.petspot(folder, ["reports", "export"])
        let withPhotos = exported.stdout.replacingOccurrences(
            of: #""photo":null"#,
            with:
                #""photo":{"type":"PNG","data":"iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAAAAAAAAAAAAAElEQVQAAAAAAAAAAElFTkQAAAAA"}"#
        )
        let archive = try folder.write("archive.jsonl", withPhotos)
        let other = try ScratchFolder()
        #expect(try await Self.petspot(other, ["reports", "import", archive]).status == 0)
        #expect(try await Self.petspot(other, ["reports", "remove", "b"]).stdout == "Removed report b.\n")
        let left = try await Self.petspot(other, ["reports", "export"])
        #expect(left.stderr.hasPrefix("Exported 1 report (1 photo) of"), "\(left.stderr)")
        #expect(
            left.stdout.hasPrefix(#"{"id":"a","#)
                && left.stdout.contains(
                    #""data":"iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAAAAAAAAAAAAAElEQVQAAAAAAAAAAElFTkQAAAAA""#)
        )
        #expect(try await Self.petspot(folder, ["reports", "remove", "b"]).stdout == "Removed report b.\n")
        let unknown = try await Self.petspot(folder, ["reports", "remove", "b"])
        #expect(unknown.status == 1 && unknown.stderr.contains("No report with id \"b\"."), "\(unknown.stderr)")
        let show = try await Self.petspot(folder, ["show", "b"])
        #expect(show.status == 1 && show.stderr.contains("No report with id \"b\"."), "\(show.stderr)")
    }

    @Test func renewStartsAReportsAgeAgainAndAnUnknownIdIsAnError() async throws {
        let folder = try ScratchFolder()
        let file = try folder.write("r.csv", "a,52.2297,21.0122,5\n")
        #expect(try await Self.petspot(folder, ["reports", "import", file]).status == 0)
        let shown = try await Self.petspot(folder, ["reports", "show", "a"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any])
        #expect((object["renewedAt"] as? String)?.count == 24, "an imported report is made now: \(shown.stdout)")
        let renewed = try await Self.petspot(folder, ["reports", "renew", "a"])
        #expect(renewed.status == 0, "\(renewed.stderr)")
        #expect(renewed.stdout.hasPrefix("Report a was renewed at 20") && renewed.stdout.hasSuffix("Z.\n"))
        let unknown = try await Self.petspot(folder, ["reports", "renew", "b"])
        #expect(unknown.status == 1 && unknown.stderr.contains("No report with id \"b\"."), "\(unknown.stderr)")
    }

    @Test(arguments: [
        ("mysql://x", "is neither sqlite: nor postgres://"),
        ("postgres://u@host/db?sslmode=maybe", "has sslmode 'maybe'"),
        ("postgres://u@host:99999/db", "port that is not a number from 1 to 65535"),
        ("postgres://u@host:5432/db?colour=red", "has the parameter 'colour'"),
        ("sqlite://tmp/x", "has // after sqlite:"),
    ])
    func malformedStoreURLsAreRefusedWithBothForms(url: String, reason: String) async throws {
        let folder = try ScratchFolder()
        let output = try await Self.petspot(folder, ["reports", "list", "--store", url])
        #expect(output.status == 1)
        #expect(output.stderr.contains(reason) && output.stderr.contains("postgres://USER@HOST:PORT/DATABASE"))
        let fromEnvironment = try await PetSpotProcess.run(["reports", "list"], environment: ["PETSPOT_STORE": url])
        #expect(fromEnvironment.status == 1 && fromEnvironment.stderr.contains(reason))
    }

    @Test func aFileThatIsNotAStoreIsRefusedAndLeftAlone() async throws {
        let folder = try ScratchFolder()
        let notes = try folder.write("notes.txt", String(repeating: "my notes\n", count: 200))
        let output = try await Self.petspot(folder, ["reports", "list", "--store", "sqlite:" + notes])
        #expect(output.status == 1)
        #expect(output.stderr.contains("is not an SQLite database"), "\(output.stderr)")
        #expect(try String(contentsOfFile: notes, encoding: .utf8) == String(repeating: "my notes\n", count: 200))
        let directory = try await Self.petspot(folder, ["reports", "list", "--store", "sqlite:" + folder.url.path])
        #expect(directory.status == 1 && directory.stderr.contains("it is a directory"), "\(directory.stderr)")
    }

    /// `kill -9` in the middle of a large import: the reports imported before are all there,
    /// none of the interrupted import's are (one transaction), and the file still opens.
    @Test func killDuringAnImportLosesNothingAcknowledged() async throws {
        let folder = try ScratchFolder()
        let store = "sqlite:" + folder.path("r.sqlite")
        let first = try folder.write("first.csv", (0..<500).map { "a\($0),52.2,21.0,5" }.joined(separator: "\n"))
        let acknowledged = try await Self.petspot(folder, ["reports", "import", first, "--store", store])
        #expect(acknowledged.status == 0, "\(acknowledged.stderr)")
        var big = ""
        for row in 0..<400_000 { big += "b\(row),\(Double(row % 170) - 85),\(Double(row % 350) - 175),\(row % 50)\n" }
        let bigFile = try folder.write("big.csv", big)
        let process = Process()
        process.executableURL = PetSpotProcess.binary
        process.arguments = ["reports", "import", bigFile, "--store", store]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Wait until the import is writing (the WAL grows), then kill it.
        let wal = folder.path("r.sqlite-wal")
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline, process.isRunning,
            ((try? FileManager.default.attributesOfItem(atPath: wal)[.size] as? Int) ?? 0) < 2_000_000
        {
            usleep(5_000)
        }
        #expect(process.isRunning, "the import finished before it could be killed; make the file larger")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let listed = try await Self.petspot(
            folder, ["reports", "list", "--json", "--limit", "10000", "--store", store])
        #expect(listed.status == 0, "\(listed.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [String: Any])
        let ids = (object["reports"] as? [[String: Any]])?.compactMap { $0["id"] as? String } ?? []
        #expect(ids.count == 500)
        #expect(ids.allSatisfy { $0.hasPrefix("a") })
        let near = try await Self.petspot(folder, ["nearby", "--from", "52.2,21.0", "--store", store, "--limit", "1"])
        #expect(near.stdout.hasPrefix("500 of 500 open missing reports"), "\(near.stdout)")
    }
}

extension ReportsCommandTests {
    /// A PostgreSQL store nobody answers: exit 1 naming the host and port, within the timeout.
    @Test func aPostgresStoreThatIsDownIsAClearError() async throws {
        let folder = try ScratchFolder()
        let started = Date()
        let output = try await Self.petspot(
            folder, ["reports", "list", "--store", "postgres://petspot@127.0.0.1:1/reports"])
        #expect(output.status == 1)
        #expect(output.stderr.contains("cannot reach PostgreSQL at 127.0.0.1:1"), "\(output.stderr)")
        #expect(Date().timeIntervalSince(started) < 30)
    }
}
