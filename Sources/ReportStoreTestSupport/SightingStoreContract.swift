import Foundation
import Geodata
import Geodesy
public import ReportStore

/// The implementation requirements of ``SightingStore`` (its doc comment) as a check every store
/// must pass, as ``AlertStoreContract`` is for alerts.
///
/// ```swift
/// let violations = await SightingStoreContract.check { try SQLiteReportStore(path: path) }
/// #expect(violations.isEmpty, "\(violations)")
/// ```
///
/// `open` must give the same, initially empty, store each time it is called. Every time the check
/// uses is a whole second, so it reads back exactly from a store that keeps milliseconds.
public enum SightingStoreContract {
    /// The parts of the contract the checks belong to.
    public enum Requirement: String, Sendable, Hashable, CaseIterable {
        /// The store opens.
        case opening = "opening the store"
        /// Only an open missing report takes a sighting; others are refused with their reason.
        case adding
        /// A report's sightings are listed newest seen first, ties by id, as they were given.
        case listing
        /// An added sighting is a `sighted` event at the sighting's place.
        case events
        /// Removing one, removing a report's, forgetting an address's.
        case removing
        /// Restoring (imports, copies) stores sightings as they are, all or none, with no event;
        /// paging gives every one in id order.
        case restoring
        /// A sighting's photo reads back as kept, only for a stored sighting, and goes with its
        /// sighting, its report and "forget me".
        case photos
        /// What was acknowledged lasts across closing and opening again.
        case reopening
    }

    /// Runs every check.
    ///
    /// - Returns: every broken requirement, with what was seen (empty: the store conforms).
    public static func check(open: @Sendable () async throws -> any ReportStore) async -> [SightingStoreViolation] {
        await ContractLog.checking(.opening, open: open) { store, log in
            await log.run(.adding) { try await adding(store, &$0) }
            await log.run(.listing) { try await listing(store, &$0) }
            await log.run(.events) { try await events(store, &$0) }
            await log.run(.removing) { try await removing(store, &$0) }
            await log.run(.restoring) { try await restoring(store, &$0) }
            await log.run(.photos) { try await photos(store, &$0) }
            let kept = try? await store.sightings(reportID: "s-open")
            await store.close()
            await log.run(.reopening) {
                let again = try await open()
                let now = try await again.sightings(reportID: "s-open")
                if now != kept {
                    $0.append("the sightings read \(now.map(\.id)) after opening, not \(kept?.map(\.id) ?? [])")
                }
                await again.close()
            }
        }
    }

    static func adding(_ store: any ReportStore, _ log: inout [String]) async throws {
        let open = try PetReport.missing(
            id: "s-open", coordinate: place(0), radius: SearchRadius(kilometers: 5))
        var closed = try PetReport.missing(id: "s-closed", coordinate: place(0), radius: SearchRadius(kilometers: 5))
        closed.status = .closed
        var found = PetReport(id: "s-found", kind: .found)
        found.coordinate = place(1)
        var foundMissing = try PetReport.missing(
            id: "s-found-missing", coordinate: place(0), radius: SearchRadius(kilometers: 5))
        foundMissing.status = .found
        try await store.add([open, closed, found, foundMissing])
        try await store.addSighting(sighting("sig-a", report: "s-open", seen: 100))
        let expectError = ReportStoreContract.expectError
        for id in ["s-closed", "s-found", "s-found-missing"] {
            try await expectError(.notTakingSightings, &log, "a sighting of \(id)") {
                try await store.addSighting(sighting("sig-\(id)", report: id, seen: 100))
            }
        }
        try await expectError(.notFound, &log, "a sighting of an unknown report") {
            try await store.addSighting(sighting("sig-none", report: "s-none", seen: 100))
        }
        try await expectError(.duplicateID, &log, "a second sighting with the id sig-a") {
            try await store.addSighting(sighting("sig-a", report: "s-open", seen: 200))
        }
        var long = sighting("sig-long", report: "s-open", seen: 100)
        long.note = String(repeating: "é", count: Sighting.noteLimit + 1)
        if (try? await store.addSighting(long)) != nil { log.append("a note of 501 characters was stored") }
        if try await store.sighting(id: "sig-none") != nil { log.append("sighting(id:) found a refused one") }
    }

    static func listing(_ store: any ReportStore, _ log: inout [String]) async throws {
        var given = [
            sighting("sig-c", report: "s-open", seen: 300), sighting("sig-b", report: "s-open", seen: 300),
            sighting("sig-d", report: "s-open", seen: 50),
        ]
        given[0].note = "Ran north past the bakery — \"Łatka\" 🐕\nthen east"
        given[0].phone = "+48 600 100 200"
        given[0].email = "Ann@Example.org"
        for item in given { try await store.addSighting(item) }
        let listed = try await store.sightings(reportID: "s-open")
        let order = listed.map(\.id)
        if order != ["sig-b", "sig-c", "sig-a", "sig-d"] {
            log.append("listed \(order), not newest seen first with ties by id [sig-b, sig-c, sig-a, sig-d]")
        }
        if let back = listed.first(where: { $0.id == "sig-c" }), back != given[0] {
            log.append("sig-c reads back as \(back), not as given \(given[0])")
        }
        if try await store.sighting(id: "sig-c") != given[0] { log.append("sighting(id:) differs from what was given") }
        if try await !store.sightings(reportID: "s-closed").isEmpty { log.append("a report without any lists some") }
    }

    static func events(_ store: any ReportStore, _ log: inout [String]) async throws {
        let before = try await store.latestEventSequence()
        try await store.addSighting(sighting("sig-e", report: "s-open", seen: 400, at: place(2)))
        let events = try await store.events(after: before, limit: 10)
        guard events.count == 1, let event = events.first else {
            return log.append("adding a sighting logged \(events.count) events, not 1")
        }
        if event.change != .sighted || event.reportID != "s-open" || event.kind != .missing || event.status != .active {
            log.append("the event is \(event.change) \(event.reportID) \(event.kind) \(event.status)")
        }
        if event.sightingID != "sig-e" { log.append("the event names sighting \(event.sightingID ?? "none")") }
        if event.coordinate != place(2) { log.append("the event is at \(String(describing: event.coordinate))") }
    }

    static func removing(_ store: any ReportStore, _ log: inout [String]) async throws {
        try await store.removeSighting(id: "sig-d")
        if try await store.sighting(id: "sig-d") != nil { log.append("a removed sighting is still read") }
        try await ReportStoreContract.expectError(.notFound, &log, "removing a removed sighting") {
            try await store.removeSighting(id: "sig-d")
        }
        var other = sighting("sig-f", report: "s-open", seen: 10)
        other.email = "ann@example.org.pl"
        try await store.addSighting(other)
        let listed = try await store.sightings(email: "ann@EXAMPLE.org")
        if listed.map(\.id) != ["sig-c"] { log.append("the sightings of ann@example.org are \(listed.map(\.id))") }
        let forgotten = try await store.removeSightings(email: "  ANN@example.ORG ")
        if forgotten.map(\.id) != ["sig-c"] { log.append("forgetting ann@example.org removed \(forgotten.map(\.id))") }
        if try await store.sighting(id: "sig-f") == nil { log.append("forgetting removed another address's") }
        let gone = try PetReport.missing(id: "s-gone", coordinate: place(0), radius: SearchRadius(kilometers: 5))
        try await store.add([gone])
        try await store.addSighting(sighting("sig-g", report: "s-gone", seen: 10))
        try await store.remove(id: "s-gone")
        if try await store.sighting(id: "sig-g") != nil { log.append("a removed report's sighting is still read") }
    }

    static func restoring(_ store: any ReportStore, _ log: inout [String]) async throws {
        let before = try await store.latestEventSequence()
        var kept = sighting("sig-r1", report: "s-closed", seen: 20)
        kept.phone = "+48 1"
        try await store.restoreSightings([kept, sighting("sig-r2", report: "s-found", seen: 30)])
        if try await store.sighting(id: "sig-r1") != kept { log.append("a restored sighting reads back otherwise") }
        if try await store.latestEventSequence() != before { log.append("restoring logged an event") }
        try await ReportStoreContract.expectError(.notFound, &log, "restoring a sighting of an unknown report") {
            try await store.restoreSightings([
                sighting("sig-r3", report: "s-open", seen: 1), sighting("sig-r4", report: "s-none", seen: 1),
            ])
        }
        if try await store.sighting(id: "sig-r3") != nil { log.append("a refused restore stored some") }
        var paged: [String] = []
        var after: String?
        while true {
            let page = try await store.sightings(afterID: after, limit: 2)
            paged += page.map(\.id)
            guard page.count == 2, let last = page.last else { break }
            after = last.id
        }
        let expected = ["sig-a", "sig-b", "sig-e", "sig-f", "sig-r1", "sig-r2"]
        if paged != expected { log.append("paging gave \(paged), not \(expected)") }
    }

    static func sighting(_ id: String, report: String, seen: Int, at coordinate: Coordinate? = nil) -> Sighting {
        Sighting(
            id: id, reportID: report, seenAt: time(seen), coordinate: coordinate ?? place(1), note: "seen \(seen)",
            makerTokenHash: String(repeating: "ab", count: 32), createdAt: time(seen + 5))
    }

    static func time(_ seconds: Int) -> Date { Date(timeIntervalSince1970: 1_796_000_000 + Double(seconds)) }

    static func place(_ step: Int) -> Coordinate {
        ReportStoreContract.place(52.2297 + Double(step) / 100, 21.0122 - Double(step) / 100)
    }
}

/// What ``SightingStoreContract`` finds.
public typealias SightingStoreViolation = ContractViolation<SightingStoreContract.Requirement>
