import Geodata
import ReportStore

extension ReportStoreContract {
    /// Owners: the owner token's digest is kept with the report, changed alone, and refused
    /// when it is not a digest.
    static func owners(_ store: any ReportStore, _ log: inout [String]) async throws {
        let hash = String(repeating: "a1", count: 32)
        var owned = try missing("c-owned", 50.06, 19.94, km: 3)
        owned.ownerTokenHash = hash
        try await store.add([owned])
        if try await store.report(id: "c-owned").ownerTokenHash != hash {
            log.append("the owner's digest was not kept")
        }
        let other = String(repeating: "0f", count: 32)
        let changed = try await store.setOwnerTokenHash(other, id: "c-owned")
        if changed.ownerTokenHash != other { log.append("setOwnerTokenHash does not return the new digest") }
        if try await store.report(id: "c-owned").status != .active {
            log.append("changing the owner changed the status")
        }
        _ = try await store.setOwnerTokenHash(nil, id: "c-owned")
        if try await store.report(id: "c-owned").ownerTokenHash != nil {
            log.append("the operator-only owner did not last")
        }
        try await expectError(.invalidReport, &log, "a digest that is not 64 hex digits") {
            _ = try await store.setOwnerTokenHash("not-a-digest", id: "c-owned")
        }
        try await expectError(.notFound, &log, "changing the owner of an unknown id") {
            _ = try await store.setOwnerTokenHash(nil, id: "c-none")
        }
        try await store.remove(id: "c-owned")
    }

    /// Events: every add, status change and removal is in the log, numbered in order, with
    /// the report's kind, status and place; signalled to the consumer of `changeSignals()`.
    static func events(_ store: any ReportStore, _ log: inout [String]) async throws {
        let start = try await store.latestEventSequence()
        let signals = await store.changeSignals()
        try await store.add([try missing("c-event", 51.1, 17.03, km: 2)])
        _ = try await store.setStatus(.closed, id: "c-event")
        try await store.remove(id: "c-event")
        let events = try await store.events(after: start, limit: 100)
        let seen = events.map { "\($0.change.rawValue) \($0.reportID) \($0.status.rawValue)" }
        if seen != ["created c-event ACTIVE", "changed c-event CLOSED", "removed c-event CLOSED"] {
            log.append("the event log after add, close, remove: \(seen)")
        }
        if events.map(\.sequence) != events.map(\.sequence).sorted()
            || Set(events.map(\.sequence)).count != events.count
        {
            log.append("event numbers are not increasing: \(events.map(\.sequence))")
        }
        if events.contains(where: { $0.coordinate == nil || $0.kind != .missing }) {
            log.append("an event lacks the report's kind or place")
        }
        if try await store.latestEventSequence() != events.last?.sequence ?? start {
            log.append("latestEventSequence is not the last event's number")
        }
        if let first = events.first,
            try await store.events(after: first.sequence, limit: 1).first != events.dropFirst().first
        {
            log.append("events(after:limit:) does not continue after the number given")
        }
        let signalled = await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                var iterator = signals.makeAsyncIterator()
                return await iterator.next() != nil
            }
            group.addTask {
                try? await Task.sleep(for: .seconds(30))
                return false
            }
            defer { group.cancelAll() }
            return await group.next() ?? false
        }
        if !signalled { log.append("changeSignals() gave no signal within 30 s of three changes") }
    }
}
