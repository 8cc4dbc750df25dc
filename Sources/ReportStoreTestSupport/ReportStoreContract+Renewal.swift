import Foundation
import ReportStore

/// The contract's checks of reports' ages: the time a store gives a new report, renewing, and
/// the open reports renewed before a time.
extension ReportStoreContract {
    /// Whether `read` is `added` as a store keeps it: the same, with the time of a report added
    /// without ``PetReport/renewedAt`` set to about now (``ReportTimestamp``, within 10 minutes).
    static func stamped(_ read: PetReport, as added: PetReport) -> Bool {
        guard added.renewedAt == nil else { return read == added }
        guard let text = read.renewedAt, let time = ReportTimestamp.date(text),
            abs(time.timeIntervalSinceNow) < 600
        else { return false }
        var unstamped = read
        unstamped.renewedAt = nil
        return unstamped == added
    }

    /// Renewal and expiry: a report added or imported without a time is given now, one with a
    /// time keeps it; ``ReportStore/openReports(of:renewedBefore:limit:)`` is the open reports
    /// of the kind renewed before the cutoff, oldest first, ties by id, at most the limit (no
    /// closed report, none of the other kind, none renewed at or after the cutoff);
    /// ``ReportStore/renew(id:)`` sets the time to now, announces nothing, and takes the report
    /// out of the expired ones; an unknown id is not found.
    static func renewal(_ store: any ReportStore, _ log: inout [String]) async throws {
        func report(_ id: String, _ kind: ReportKind, _ status: ReportStatus? = nil, at time: String?) -> PetReport {
            var report = PetReport(id: id, kind: kind, status: status)
            report.renewedAt = time
            return report
        }
        let january = "2020-01-01T00:00:00.000Z"
        let reports = [
            report("e-old-b", .missing, at: january), report("e-old-a", .missing, at: january),
            report("e-june", .missing, at: "2020-06-01T12:00:00.000Z"),
            report("e-closed", .missing, .closed, at: january), report("e-found", .found, at: january),
            report("e-found-closed", .found, .closed, at: january), report("e-now", .missing, at: nil),
        ]
        try await store.add(Array(reports.prefix(4)))
        _ = try await store.importReports(ReportArraySource(reports: Array(reports.dropFirst(4))), skipInvalid: false)
        for added in reports {
            let read = try await store.report(id: added.id)
            if !stamped(read, as: added) {
                log.append("\(added.id) reads back with renewedAt \(read.renewedAt ?? "nil")")
            }
        }
        let date = { (text: String) in ReportTimestamp.date(text) ?? Date(timeIntervalSince1970: 0) }
        let expired = { (kind: ReportKind, cutoff: String, limit: Int) in
            try await store.openReports(of: kind, renewedBefore: date(cutoff), limit: limit).map(\.id)
                .filter { $0.hasPrefix("e-") }
        }
        let cases: [(ReportKind, String, Int, [String])] = [
            (.missing, "2020-03-01T00:00:00.000Z", 10, ["e-old-a", "e-old-b"]),
            (.missing, "2021-01-01T00:00:00.000Z", 10, ["e-old-a", "e-old-b", "e-june"]),
            (.missing, "2021-01-01T00:00:00.000Z", 1, ["e-old-a"]),
            (.missing, january, 10, []),
            (.missing, "2020-01-01T00:00:00.001Z", 10, ["e-old-a", "e-old-b"]),
            (.found, "2021-01-01T00:00:00.000Z", 10, ["e-found"]),
        ]
        for (kind, cutoff, limit, wanted) in cases {
            let got = try await expired(kind, cutoff, limit)
            if got != wanted {
                log.append("open \(kind) reports renewed before \(cutoff) (\(limit)): \(got), not \(wanted)")
            }
        }
        let before = try await store.latestEventSequence()
        let renewed = try await store.renew(id: "e-old-a")
        if !stamped(renewed, as: report("e-old-a", .missing, at: nil)) {
            log.append("renewing gave renewedAt \(renewed.renewedAt ?? "nil"), not now")
        }
        if try await store.report(id: "e-old-a") != renewed { log.append("a renewal did not last") }
        if try await store.latestEventSequence() != before { log.append("a renewal announced an event") }
        let after = try await expired(.missing, "2021-01-01T00:00:00.000Z", 10)
        if after != ["e-old-b", "e-june"] { log.append("after renewing e-old-a the expired are \(after)") }
        try await expectError(.notFound, &log, "renewing an unknown id") { _ = try await store.renew(id: "e-none") }
        for added in reports { try await store.remove(id: added.id) }
    }
}
