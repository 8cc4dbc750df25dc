import Foundation
import Geodata
import Geodesy
import OutsideInput
import PetSpotJSON
import PostgresReportStore
import ReportSteps
import ReportStore
import ReportStoreTestSupport
import Reports
import SQLiteReportStore
import Testing

/// The report schema (``ReportField``) against every place a report goes: each field, set to
/// a value of its own, comes back through the stored report's JSON, an export line, a CSV
/// file (the fields CSV carries), an SQLite store, a PostgreSQL store and the card — so a field
/// one of them forgets fails here. (The OpenAPI document: `OpenAPIReportSchemaTests`.)
@Suite(.timeLimit(.minutes(5)))
struct ReportSchemaTests {
    @Test func everyFieldHasOneNameAndOneColumn() {
        let names = ReportField.allCases.map(\.rawValue)
        let columns = ReportField.allCases.map(\.column)
        #expect(Set(names).count == names.count)
        #expect(Set(columns).count == columns.count)
        #expect(ReportField.breed.column == "breed" && ReportField.lastSeenDate.column == "last_seen_date")
        for field in ReportField.allCases where field.value == .text {
            var report = SchemaSample.empty
            field.setText("x", in: &report)
            #expect(field.text(in: report) == "x", "\(field): text(in:) and setText(_:in:) agree")
        }
    }

    @Test func everyShownFieldIsInTheStoredReportsJSONByItsName() throws {
        let report = try SchemaSample.report()
        guard case .object(let members) = ReportJSON.report(report) else { throw SchemaSample.Failure("not an object") }
        #expect(members.map(\.0) == ReportField.shown.map(\.rawValue), "every shown field, in the schema's order")
        guard case .object(let listed) = ReportJSON.report(report, contacts: false) else {
            throw SchemaSample.Failure("not an object")
        }
        #expect(listed.map(\.0) == ReportField.shown.filter { $0.audience != .contact }.map(\.rawValue))
        let text = ReportJSON.report(report).text
        for field in ReportField.shown {
            #expect(text.contains(SchemaSample.json(field)), "\(field) is written with its value")
        }
    }

    @Test func everyFieldRoundTripsThroughAnExportLine() throws {
        let report = try SchemaSample.report()
        let folder = try TemporaryFolder()
        let path = folder.path("export.jsonl")
        try Data((ReportArchive.line(report, photo: nil) + "\n").utf8).write(to: URL(fileURLWithPath: path))
        var lines = try InputLines(path: path, maximumLineBytes: ReportArchive.maximumLineBytes)
        let contents = try ReportArchive.read(&lines, spool: try PhotoSpool())
        guard case .report(let read, _)? = contents.rows.first else {
            throw SchemaSample.Failure("the line did not read back: \(contents.rows)")
        }
        SchemaSample.expectEqual(read, report, through: "an export line")
    }

    @Test func theFieldsCSVCarriesRoundTripThroughAnImportFile() throws {
        let report = try SchemaSample.report()
        let columns = ReportField.allCases.filter { !$0.csvNames.isEmpty }
        #expect(
            Set(columns) == [
                .id, .status, .location, .locationRadius, .locationLatitude, .locationLongitude, .phone, .email,
            ])
        let header = columns.compactMap(\.csvNames.first).joined(separator: ",")
        let row = columns.map(SchemaSample.csv).joined(separator: ",")
        let csv = try ReportCSV(bytes: Array("\(header)\n\(row)\n".utf8))
        var rows: [ReportRow] = []
        csv.forEachRow { rows.append($0) }
        guard case .report(let read, _)? = rows.first else { throw SchemaSample.Failure("no report: \(rows)") }
        for field in columns {
            #expect(SchemaSample.same(field, read, report), "\(field) through CSV")
        }
    }

    @Test func everyFieldRoundTripsThroughSQLite() async throws {
        let folder = try TemporaryFolder()
        let store = try SQLiteReportStore(path: folder.path("reports.sqlite"))
        let report = try SchemaSample.report()
        try await store.add([report])
        SchemaSample.expectEqual(try await store.report(id: report.id), report, through: "SQLite (add)")
        var imported = report
        imported.id = "schema-2"
        imported.idempotencyKey = nil
        _ = try await store.importReports(ReportArraySource(reports: [imported]), skipInvalid: false)
        SchemaSample.expectEqual(try await store.report(id: imported.id), imported, through: "SQLite (import)")
        await store.close()
    }

    @Test(.enabled(if: PostgresServer.shouldRun)) func everyFieldRoundTripsThroughPostgreSQL() async throws {
        let server = try await PostgresServer.start()
        do {
            let store = try await PostgresReportStore.open(try await server.createDatabase())
            let report = try SchemaSample.report()
            try await store.add([report])
            SchemaSample.expectEqual(try await store.report(id: report.id), report, through: "PostgreSQL (add)")
            var imported = report
            imported.id = "schema-2"
            imported.idempotencyKey = nil
            _ = try await store.importReports(ReportArraySource(reports: [imported]), skipInvalid: false)
            SchemaSample.expectEqual(
                try await store.report(id: imported.id), imported, through: "PostgreSQL (COPY import)")
            await store.close()
        } catch {
            Issue.record("\(error)")
        }
        await server.stop()
    }

    @Test func everyShownFieldIsOnTheCard() throws {
        let report = try SchemaSample.report()
        let text = try PetCard(report).json.text
        for field in ReportField.shown {
            for shown in SchemaSample.card(field) {
                #expect(text.contains(shown), "\(field) shows as \(shown) on the card")
            }
        }
        for field in ReportField.allCases where field.audience == .private {
            guard let value = field.text(in: report) else { continue }
            #expect(!text.contains(value), "\(field) is private: never on the card")
        }
    }
}
