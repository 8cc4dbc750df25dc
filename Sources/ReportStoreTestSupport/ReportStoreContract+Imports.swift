import Foundation
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
        try await subscriptionImports(store, &log)
    }

    /// An import's subscriptions (an archive of `reports export --include-subscriptions`): stored
    /// as they are, in the reports' transaction; one that clashes stores nothing at all.
    static func subscriptionImports(_ store: any ReportStore, _ log: inout [String]) async throws {
        let count = try await store.count()
        let created = Date(timeIntervalSince1970: 1_796_000_000)
        func subscription(_ email: String, confirmed: Bool) -> Subscription {
            Subscription(
                email: email, center: warsaw, radiusMeters: 5_000, kinds: [.found], species: ["dog"],
                token: Subscription.newToken(), createdAt: created,
                confirmedAt: confirmed ? created.addingTimeInterval(60) : nil)
        }
        let kept = [subscription("a@example.org", confirmed: true), subscription("b@example.org", confirmed: false)]
        let before = try await store.subscriptions(afterID: nil, limit: 1_000)
        let summary = try await store.importReports(
            ReportArraySource([.report(try missing("s-1", 1, 1, km: 1), line: 1)], subscriptions: kept),
            skipInvalid: false)
        let after = try await store.subscriptions(afterID: nil, limit: 1_000)
        if summary.imported != 1 || Set(after) != Set(before + kept) {
            log.append("an import with subscriptions stored \(summary.imported) reports and \(after) of \(kept)")
        }
        var clash = kept[0]
        clash.token = Subscription.newToken()
        let fresh = subscription("c@example.org", confirmed: false)
        try await expectError(.duplicateID, &log, "importing a stored subscription id") {
            _ = try await store.importReports(
                ReportArraySource([.report(try missing("s-2", 2, 2, km: 1), line: 1)], subscriptions: [fresh, clash]),
                skipInvalid: true)
        }
        let afterClash = try await store.subscriptions(afterID: nil, limit: 1_000)
        if try await store.count() != count + 1 || Set(afterClash) != Set(after) {
            log.append("an import whose subscription clashed stored some of its reports or subscriptions")
        }
        let alone = try await store.importReports(ReportArraySource([], subscriptions: [fresh]), skipInvalid: true)
        let withFresh = try await store.subscriptions(afterID: nil, limit: 1_000)
        if alone.imported != 0 || !withFresh.contains(fresh) {
            log.append("an import of a subscription alone stored \(withFresh), not \(fresh)")
        }
        try await store.remove(id: "s-1")
        for one in kept + [fresh] { try await store.removeSubscriptions(token: one.token) }
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
