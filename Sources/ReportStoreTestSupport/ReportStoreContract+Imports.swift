import Geodata
import Geodesy
import ReportStore

/// The contract's checks of imports: all or nothing, every problem listed by line, large
/// imports in batches.
extension ReportStoreContract {
    static func imports(_ store: any ReportStore, _ log: inout [String]) async throws {
        let count = try await store.count()
        let rows: [ReportRow] = [
            .report(try missing("i-1", 1, 1, km: 1), line: 2),
            .invalid(ImportProblem(number: 3, message: "latitude \"95\": Must be between -90 and 90")),
            .report(try missing("i-2", 2, 2, km: 1), line: 4),
            .report(try missing("i-1", 3, 3, km: 1), line: 5),
            .report(try missing("c-luna", 3, 3, km: 1), line: 6),
            .report(PetReport(id: "bad id", kind: .found), line: 7),
        ]
        do {
            _ = try await store.importReports(ReportArraySource(rows), skipInvalid: false)
            log.append("an import with invalid rows succeeded")
        } catch {
            let lines = error.problems.map(\.number)
            if error.reason != .invalidImport { log.append("an invalid import failed with \(error.reason)") }
            if lines != [3, 5, 6, 7] { log.append("an invalid import listed lines \(lines), not [3, 5, 6, 7]") }
        }
        if try await store.count() != count { log.append("an import with invalid rows stored some") }
        let summary = try await store.importReports(ReportArraySource(rows), skipInvalid: true)
        if summary.imported != 2 || summary.skipped.map(\.number) != [3, 5, 6, 7] || summary.skippedCount != 4 {
            log.append("--skip-invalid stored \(summary.imported) and skipped \(summary.skipped.map(\.number))")
        }
        if try await store.report(id: "i-1").coordinate != place(1, 1) { log.append("the first i-1 was not kept") }
        try await expectError(.invalidReport, &log, "importing no rows") {
            _ = try await store.importReports(ReportArraySource([]), skipInvalid: true)
        }
        for id in ["i-1", "i-2"] { try await store.remove(id: id) }
    }

    /// Imports of hundreds of rows, as an engine that writes rows in batches sees them: a full
    /// report followed in a later batch by a bare one (no field of the first may stay), and a
    /// repeated id, a stored id and an invalid row in the middle of batches, listed in line order.
    static func largeImports(_ store: any ReportStore, _ log: inout [String]) async throws {
        let count = try await store.count()
        let (luna, found) = try (fullReports()[0], fullReports()[1])
        var reports: [PetReport] = []
        for number in 0..<300 {
            var report = try missing("L-\(number)", Double(number % 170) - 85, Double(number) - 150, km: 5)
            switch number {
            case 10, 140:
                report = number == 10 ? luna : found
                report.id = "L-\(number)"
            case 11: report.status = .closed
            default: break
            }
            reports.append(report)
        }
        let summary = try await store.importReports(ReportArraySource(reports: reports), skipInvalid: false)
        if summary.imported != 300 { log.append("an import of 300 valid rows stored \(summary.imported)") }
        for number in [0, 10, 11, 63, 64, 74, 75, 128, 140, 204, 299] {
            let read = try await store.report(id: "L-\(number)")
            if !stamped(read, as: reports[number]) { log.append("L-\(number) reads back as \(read), not as imported") }
        }
        var rows: [ReportRow] = []
        for number in 0..<300 {
            rows.append(.report(try missing("M-\(number)", 1, Double(number) / 10, km: 1), line: number + 2))
        }
        rows[100] = .report(try missing("M-50", 2, 2, km: 1), line: 102)
        rows[150] = .invalid(ImportProblem(number: 152, message: "radiusKm is missing"))
        rows[200] = .report(try missing("L-5", 3, 3, km: 1), line: 202)
        let stored = try await store.count()
        do {
            _ = try await store.importReports(ReportArraySource(rows), skipInvalid: false)
            log.append("a large import with invalid rows succeeded")
        } catch {
            let lines = error.problems.map(\.number)
            if lines != [102, 152, 202] {
                log.append("a large invalid import listed lines \(lines), not [102, 152, 202]")
            }
        }
        if try await store.count() != stored { log.append("a large import with invalid rows stored some") }
        let skipping = try await store.importReports(ReportArraySource(rows), skipInvalid: true)
        if skipping.imported != 297 || skipping.skipped.map(\.number) != [102, 152, 202] {
            log.append("--skip-invalid stored \(skipping.imported) and skipped \(skipping.skipped.map(\.number))")
        }
        if try await store.report(id: "L-5").coordinate != reports[5].coordinate {
            log.append("a stored id was replaced")
        }
        if try await store.count() != count + 597 { log.append("count after the large imports is not \(count + 597)") }
        for number in 0..<300 {
            try await store.remove(id: "L-\(number)")
            if number != 100 && number != 150 && number != 200 { try await store.remove(id: "M-\(number)") }
        }
    }
}
