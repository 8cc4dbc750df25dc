import Geodata
import Geodesy
import ReportStore

/// The contract's checks of adding, reading, refusing, listing, status changes and removals.
extension ReportStoreContract {
    static func empty(_ store: any ReportStore, _ log: inout [String]) async throws {
        if try await store.count() != 0 { log.append("a new store is not empty") }
        if try await !store.list(ReportListQuery()).isEmpty { log.append("a new store lists reports") }
        if try await store.nearby(warsaw, margin: .zero, limit: nil).count != 0 {
            log.append("a new store finds reports nearby")
        }
    }

    /// A missing report with every field, and a found one with its caregiver's phone and its
    /// current address (several lines, a tab, a backslash: what COPY's text format escapes).
    static func fullReports() throws -> [PetReport] {
        var luna = try missing("c-luna", 52.2297, 21.0122, km: 15)
        luna.place = "Warsaw"
        luna.lastSeenDate = "2025-11-18"
        luna.species = "DOG"
        luna.breed = "Beagle \"Ł\" ü, comma"
        luna.gender = "FEMALE"
        luna.approximateAge = 3
        luna.microchipNumber = "123456789012345"
        luna.description = "Red collar.\nAnswers to Luna; shy."
        luna.phone = "+48123456789"
        luna.email = "owner@example.com"
        luna.photoUrl = "https://example.com/luna.jpg"
        luna.reward = "500 PLN"
        luna.renewedAt = "2025-11-18T10:00:00.123Z"
        var found = PetReport(id: "c-found", kind: .found)
        found.coordinate = place(50.06143, 19.93658)
        found.lastSeenDate = "2025-11-19"
        found.species = "CAT"
        found.gender = "MALE"
        found.phone = "+48987654321"
        found.email = "finder@example.com"
        found.caregiverPhone = "+48600100200"
        found.currentAddress = "Shelter \"Łapa\"\tMain St 1\nWarsaw \\ back"
        return [luna, found]
    }

    static func addAndRead(_ store: any ReportStore, _ log: inout [String]) async throws {
        let reports = try fullReports()
        try await store.add(reports)
        for report in reports {
            let read = try await store.report(id: report.id)
            if !stamped(read, as: report) { log.append("\(report.id) reads back as \(read), not as stored") }
        }
        if try await store.count() != 2 { log.append("count is not 2 after adding 2") }
        try await expectError(.notFound, &log, "reading an unknown id") { _ = try await store.report(id: "c-none") }
    }

    static func refusals(_ store: any ReportStore, _ log: inout [String]) async throws {
        let count = try await store.count()
        try await expectError(.duplicateID, &log, "adding a stored id") {
            try await store.add([try missing("c-luna", 1, 1, km: 1)])
        }
        try await expectError(.duplicateID, &log, "adding a batch with a stored id") {
            try await store.add([try missing("c-new", 1, 1, km: 1), try missing("c-luna", 1, 1, km: 1)])
        }
        try await expectError(.invalidReport, &log, "adding a report with an invalid id") {
            try await store.add([PetReport(id: "bad id/", kind: .found)])
        }
        if try await store.count() != count { log.append("a refused add changed the store") }
        if try await store.list(ReportListQuery(after: "c-n", limit: 1)).first?.id == "c-new" {
            log.append("a batch with a duplicate stored part of itself")
        }
    }

    static func listing(_ store: any ReportStore, _ log: inout [String]) async throws {
        let ids = ["L-B", "L-a", "L-10", "L-9", "L-~", "L-A"]
        try await store.add(try ids.map { try missing($0, 10, 10, km: 1) })
        let listed = try await store.list(ReportListQuery(after: "L", limit: 100)).map(\.id).filter {
            $0.hasPrefix("L-")
        }
        let expected = ids.sorted(by: ReportID.precedes)
        if listed != expected { log.append("list order \(listed), expected bytes order \(expected)") }
        let first = try await store.list(ReportListQuery(after: "L", limit: 2)).map(\.id)
        let next = try await store.list(ReportListQuery(after: first.last, limit: 2)).map(\.id)
        if first + next != Array(expected.prefix(4)) { log.append("pages \(first) + \(next) do not continue") }
        let found = try await store.list(ReportListQuery(kind: .found)).map(\.id)
        if found != ["c-found"] { log.append("listing found reports gave \(found)") }
        for id in ids { try await store.remove(id: id) }
    }

    static func statusAndRemoval(_ store: any ReportStore, _ log: inout [String]) async throws {
        let near = { try await store.nearby(warsaw, margin: .zero, limit: nil).matches.map(\.id) }
        if try await near() != ["c-luna"] { log.append("an open missing report is not found nearby") }
        let closed = try await store.setStatus(.closed, id: "c-luna")
        if closed.status != .closed { log.append("setStatus does not return the new status") }
        if try await store.report(id: "c-luna").status != .closed { log.append("the status change did not last") }
        if try await !near().isEmpty { log.append("a closed report is still found nearby") }
        _ = try await store.setStatus(.active, id: "c-luna")
        if try await near() != ["c-luna"] { log.append("a reopened report is not found nearby") }
        try await expectError(.notFound, &log, "setting the status of an unknown id") {
            _ = try await store.setStatus(.closed, id: "c-none")
        }
        try await store.add([try missing("c-gone", 52.23, 21.01, km: 5)])
        let withNew = try await near()
        if Set(withNew) != ["c-luna", "c-gone"] { log.append("a new report is not found nearby: \(withNew)") }
        try await store.remove(id: "c-gone")
        if try await near() != ["c-luna"] { log.append("a removed report is still found nearby") }
        try await expectError(.notFound, &log, "reading a removed id") { _ = try await store.report(id: "c-gone") }
        try await expectError(.notFound, &log, "removing an unknown id") { try await store.remove(id: "c-gone") }
    }
}
