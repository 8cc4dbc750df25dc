import Foundation
import Geodata
import LocationTestSupport
import ReportStore
import ReportStoreTestSupport
import Reports
import SQLiteReportStore
import Testing

/// `petspot reports export --include-subscriptions` → `reports import`, through the built
/// binary: the area alerts by mail stay out of an export unless asked for, and come back
/// whole (tokens too, so the links already mailed still work) into either engine.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct SubscriptionArchiveTests {
    static let created = Date(timeIntervalSince1970: 1_796_000_000)

    /// A confirmed subscription with species and an unconfirmed one for every kind.
    static func subscriptions() throws -> [Subscription] {
        [
            Subscription(
                email: "ann@example.org", center: try Coordinate(latitude: 52.2297, longitude: 21.0122),
                radiusMeters: 5_000, kinds: [.found], species: ["dog", "cat"], token: Subscription.newToken(),
                createdAt: created, confirmedAt: created.addingTimeInterval(60)),
            Subscription(
                email: "bob@example.com", center: try Coordinate(latitude: -33.8, longitude: 151.2),
                radiusMeters: 50_000, token: Subscription.newToken(), createdAt: created),
        ]
    }

    /// The reports of ``ReportArchiveTests/seed(_:)`` and `subscriptions` in an SQLite store.
    static func seed(_ path: String, _ subscriptions: [Subscription]) async throws {
        try await ReportArchiveTests.seed(path)
        let store = try SQLiteReportStore(path: path)
        for subscription in subscriptions { try await store.addSubscription(subscription) }
        await store.close()
    }

    static func write(_ text: String, to path: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    @Test func subscriptionsStayOutUnlessAskedForAndComeBackWithWorkingLinks() async throws {
        let folder = try TemporaryStoreFolder()
        let subscriptions = try Self.subscriptions()
        try await Self.seed(folder.path, subscriptions)
        let source = "sqlite:" + folder.path

        let plain = try await ReportArchiveTests.petspot(folder, ["reports", "export", "--store", source])
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(
            plain.stderr
                == "Exported 4 reports (2 photos) of \(source); 2 subscriptions not included (--include-subscriptions).\n"
        )
        #expect(plain.stdout.split(separator: "\n").count == 4)
        #expect(!plain.stdout.contains("example.org") && !plain.stdout.contains(subscriptions[0].token))

        let whole = try await ReportArchiveTests.petspot(
            folder, ["reports", "export", "--include-subscriptions", "--store", source])
        #expect(whole.status == 0, "\(whole.stderr)")
        #expect(whole.stderr == "Exported 4 reports (2 photos) and 2 subscriptions of \(source).\n")
        let lines = whole.stdout.split(separator: "\n")
        #expect(lines.count == 6)
        #expect(lines.prefix(4).joined(separator: "\n") + "\n" == plain.stdout, "the reports come first, unchanged")
        #expect(lines.suffix(2).allSatisfy { $0.hasPrefix(#"{"subscription":{"id":"sub-"#) })

        let withoutFile = folder.path + "-plain.jsonl"
        try Self.write(plain.stdout, to: withoutFile)
        let bare = "sqlite:" + folder.path + "-bare.sqlite"
        let importedPlain = try await ReportArchiveTests.petspot(
            folder, ["reports", "import", withoutFile, "--store", bare])
        #expect(importedPlain.status == 0, "\(importedPlain.stderr)")
        #expect(!importedPlain.stdout.contains("subscription"), "\(importedPlain.stdout)")
        let bareExport = try await ReportArchiveTests.petspot(
            folder, ["reports", "export", "--include-subscriptions", "--store", bare])
        #expect(bareExport.stdout == plain.stdout, "an export without the flag takes no subscription along")

        let wholeFile = folder.path + "-whole.jsonl"
        try Self.write(whole.stdout, to: wholeFile)
        let target = folder.path + "-whole.sqlite"
        let imported = try await ReportArchiveTests.petspot(
            folder, ["reports", "import", wholeFile, "--store", "sqlite:" + target])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("Stored 4 reports from"), "\(imported.stdout)")
        #expect(imported.stdout.contains("Stored 2 subscriptions (area alerts by mail)."), "\(imported.stdout)")
        let again = try await ReportArchiveTests.petspot(
            folder, ["reports", "export", "--include-subscriptions", "--store", "sqlite:" + target])
        #expect(again.stdout == whole.stdout, "every field of every subscription comes back")

        let store = try SQLiteReportStore(path: target)
        let kept = try await store.subscriptions(afterID: nil, limit: 10)
        #expect(kept == subscriptions.sorted { $0.id < $1.id })
        let confirmed = try await store.confirmSubscription(
            token: subscriptions[1].token, at: Self.created.addingTimeInterval(3600))
        #expect(confirmed?.id == subscriptions[1].id, "the confirmation link mailed before the move still works")
        let removed = try await store.removeSubscriptions(token: subscriptions[0].token)
        #expect(removed == 1, "and so does the unsubscribe link")
        await store.close()
    }

    @Test(.enabled(if: PostgresServer.shouldRun))
    func subscriptionsComeBackWholeFromPostgreSQL() async throws {
        let folder = try TemporaryStoreFolder()
        try await Self.seed(folder.path, try Self.subscriptions())
        let whole = try await ReportArchiveTests.petspot(
            folder, ["reports", "export", "--include-subscriptions", "--store", "sqlite:" + folder.path])
        #expect(whole.status == 0, "\(whole.stderr)")
        let file = folder.path + ".jsonl"
        try Self.write(whole.stdout, to: file)

        let database = try await PostgresServer.start()
        do {
            let address = try await database.createDatabase()
            let postgres = "postgres://\(address.user)@\(address.host):\(address.port)/\(address.database)"
            let imported = try await ReportArchiveTests.petspot(
                folder, ["reports", "import", file, "--json", "--store", postgres])
            #expect(imported.status == 0, "\(imported.stderr)")
            #expect(imported.stdout == #"{"imported":4,"skipped":0,"problems":[],"subscriptions":2}"# + "\n")
            let back = try await ReportArchiveTests.petspot(
                folder, ["reports", "export", "--include-subscriptions", "--store", postgres])
            #expect(back.stdout == whole.stdout, "PostgreSQL gives back every subscription as SQLite kept it")
            #expect(back.stderr.hasSuffix("and 2 subscriptions of \(postgres).\n"), "\(back.stderr)")

            let twice = try await ReportArchiveTests.petspot(folder, ["reports", "import", file, "--store", postgres])
            #expect(twice.status == 1)
            #expect(twice.stderr.contains("line 5: subscription id \"sub-"), "\(twice.stderr)")
            #expect(twice.stderr.contains("is already stored or appears earlier in the file"), "\(twice.stderr)")
        } catch {
            Issue.record("\(error)")
        }
        await database.stop()
    }

    @Test func aDamagedSubscriptionLineStoresNothingAndNamesTheLine() async throws {
        let folder = try TemporaryStoreFolder()
        let good = try Self.subscriptions()[0]
        let line = SubscriptionArchiveLine.line(good)
        let lines = [
            #"{"id":"a","kind":"missing","status":"ACTIVE"}"#,
            line.replacing("\"radiusMeters\":5000", with: "\"radiusMeters\":90000"),
            line.replacing("\"token\":\"\(good.token)\"", with: "\"token\":\"guess\""),
            line.replacing("\"email\":\"ann@example.org\"", with: "\"email\":\"ann\""),
            line.replacing("\"kinds\":[\"found\"]", with: "\"kinds\":[\"lost\"]"),
            #"{"subscription":5}"#,
            #"{"subscription":{},"id":"b"}"#,
            line.replacing("\"species\"", with: "\"colour\":1,\"species\""),
            line.replacing("\"createdAt\":\"", with: "\"createdAt\":\"x"),
            line,
            line.replacing("\"email\":\"ann@", with: "\"email\":\"other@"),
        ]
        let file = folder.path + ".jsonl"
        try Self.write(lines.joined(separator: "\n"), to: file)
        let store = "sqlite:" + folder.path
        let refused = try await ReportArchiveTests.petspot(folder, ["reports", "import", file, "--store", store])
        #expect(refused.status == 1)
        for expected in [
            "line 2: subscription.radiusMeters: 90000.0 m is outside 500.0…50000.0 m",
            "line 3: subscription.token: not 32 lower-case hexadecimal digits",
            "line 4: subscription.email:", "line 5: subscription.kinds: \"lost\" is not a kind",
            "line 6: subscription:", "line 7: a subscription's line has the one member subscription",
            "line 8: colour is not a member of a subscription", "line 9: subscription.createdAt: \"x",
            "line 11: subscription id \"\(good.id)\" is already stored or appears earlier in the file",
        ] {
            #expect(refused.stderr.contains(expected), "\(expected) in \(refused.stderr)")
        }
        #expect(!refused.stderr.contains("line 10"), "\(refused.stderr)")
        let empty = try await ReportArchiveTests.petspot(
            folder, ["reports", "export", "--include-subscriptions", "--store", store])
        #expect(empty.stdout.isEmpty && empty.stderr.hasPrefix("Exported 0 reports (0 photos) of"), "\(empty.stderr)")

        let skipped = try await ReportArchiveTests.petspot(
            folder, ["reports", "import", file, "--skip-invalid", "--store", store])
        #expect(skipped.status == 0, "\(skipped.stderr)")
        #expect(skipped.stdout.contains("Stored 1 report from"), "\(skipped.stdout)")
        #expect(skipped.stdout.contains("Stored 1 subscription (area alerts by mail)."), "\(skipped.stdout)")
        #expect(skipped.stdout.contains("Skipped 9 invalid rows:"), "\(skipped.stdout)")
    }
}
