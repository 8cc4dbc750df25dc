import Foundation
import ReportStore

/// The contract's checks of the outbox: queuing, the mail cursor, claiming and marking.
extension AlertStoreContract {
    /// Queued in 2100, so the claims of the other checks (in 2030) never take them.
    static let later = Date(timeIntervalSince1970: 4_102_444_800)

    static func queuing(_ store: any ReportStore, _ log: inout [String]) async throws {
        let first = mail("m-q-a", at: later)
        let second = mail("m-q-b0", at: later, due: later.addingTimeInterval(60))
        try await store.queueMails([first, second], mailCursor: nil)
        for queued in [first, second] {
            let read = try await store.outboxMail(id: queued.id)
            if read != queued { log.append("\(queued.id) reads back as \(String(describing: read)), not as queued") }
        }
        // Again, with one new and one changed: the new one is stored, the others stay as they are.
        var changed = first
        changed.subject = "Changed"
        changed.attempts = 3
        try await store.queueMails([changed, mail("m-q-c", at: later), second], mailCursor: nil)
        if try await store.outboxMail(id: "m-q-a") != first { log.append("queuing a stored id again changed it") }
        if try await store.outboxMail(id: "m-q-c") == nil { log.append("a new mail beside stored ones was not stored") }
        if try await store.outboxSummary().queued != 3 { log.append("queuing twice did not keep one row a mail") }

        // A mail the store cannot keep (a NUL character) undoes the whole call: the mail before it
        // and the cursor too.
        var bad = mail("m-q-bad", at: later)
        bad.subject = "nul \u{0} in it"
        try await ReportStoreContract.expectError(.invalidReport, &log, "queuing a mail with a NUL character") {
            try await store.queueMails([mail("m-q-d", at: later), bad], mailCursor: 1_000)
        }
        if try await store.outboxMail(id: "m-q-d") != nil {
            log.append("a failed queuing kept the mail before the bad one")
        }
        if try await store.mailCursor() != 0 { log.append("a failed queuing raised the cursor") }
        if try await store.outboxSummary().queued != 3 { log.append("a failed queuing changed the outbox") }
        if try await store.outboxMail(id: "m-none") != nil { log.append("an unknown id reads as a mail") }
    }

    static func cursor(_ store: any ReportStore, _ log: inout [String]) async throws {
        let steps: [(Int64?, Int64)] = [(nil, 0), (5, 5), (3, 5), (nil, 5), (5, 5), (42, 42), (0, 42)]
        for (raise, expected) in steps {
            try await store.queueMails([], mailCursor: raise)
            let cursor = try await store.mailCursor()
            if cursor != expected {
                log.append("after queuing with cursor \(raise.map(String.init) ?? "nil"): \(cursor)")
            }
        }
        try await store.queueMails([mail("m-q-a", at: later)], mailCursor: 50)
        if try await store.mailCursor() != 50 { log.append("queuing a stored mail did not raise the cursor") }
    }

    /// Four mails due at +0, +30 s, +60 s and +1 h; claims at explicit times.
    static func claiming(_ store: any ReportStore, _ log: inout [String]) async throws {
        try await store.queueMails(
            [
                mail("m-claim-1", at: time(0)), mail("m-claim-2", at: time(60)), mail("m-claim-3", at: time(30)),
                mail("m-claim-4", at: time(3600)),
            ], mailCursor: nil)
        func claim(_ at: Int, lease: Int = 300, limit: Int = 10, _ expected: [String], _ attempts: [Int]) async throws {
            let got = try await store.claimMails(dueBy: time(at), lease: .seconds(lease), limit: limit)
            if got.map(\.id) != expected.map({ "m-claim-\($0)" }) || got.map(\.attempts) != attempts {
                log.append(
                    "claiming at +\(at) s (limit \(limit)): \(got.map { "\($0.id)×\($0.attempts)" }), not \(expected) "
                        + "with attempts \(attempts)")
            }
            if let wrong = got.first(where: { $0.state != .queued }) {
                log.append("claimed \(wrong.id) as \(wrong.state)")
            }
        }
        try await claim(-1, [], [])
        try await claim(120, limit: 0, [], [])
        try await claim(120, limit: 2, ["1", "3"], [1, 1])
        try await claim(120, ["2"], [1])
        try await claim(419, [], [])
        // The leases lapse at +420 s: claimed again, oldest due first.
        try await claim(420, lease: 60, ["1", "3", "2"], [2, 2, 2])
        try await claim(479, [], [])
        try await claim(3600, lease: 60, ["1", "3", "2", "4"], [3, 3, 3, 1])
        let read = try await store.outboxMail(id: "m-claim-4")
        if read?.attempts != 1 || read?.state != .queued {
            log.append("a claim read back as \(String(describing: read))")
        }
    }

    /// After ``claiming(_:_:)``: every mail is held until +3660 s.
    static func marking(_ store: any ReportStore, _ log: inout [String]) async throws {
        func claim(_ at: Int, _ expected: [String]) async throws {
            let got = try await store.claimMails(dueBy: time(at), lease: .seconds(3600), limit: 10).map(\.id)
            if got != expected.map({ "m-claim-\($0)" }) {
                log.append("claiming at +\(at) s gave \(got), not \(expected)")
            }
        }
        try await store.markMailSent(id: "m-claim-1", at: time(3601))
        try await store.markMailRetry(id: "m-claim-3", dueAt: time(5000), error: "421 try again later")
        // A retry ends the claim: due again at once when its time has come.
        try await store.markMailRetry(id: "m-claim-4", dueAt: time(3000), error: "timeout")
        try await claim(3602, ["4"])
        try await store.markMailFailed(id: "m-claim-2", error: "550 no such user")
        try await claim(4999, [])
        try await claim(5000, ["3"])
        try await claim(90_000, ["4", "3"])
        let states = try await ["1", "2", "3", "4"].asyncMap { try await store.outboxMail(id: "m-claim-\($0)") }
        let seen = states.map { ($0?.state, $0?.lastError, $0?.attempts) }
        let expected: [(OutboxMail.State?, String?, Int?)] = [
            (.sent, nil, 3), (.failed, "550 no such user", 3), (.queued, "421 try again later", 5),
            (.queued, "timeout", 3),
        ]
        if !seen.elementsEqual(expected, by: { $0.0 == $1.0 && $0.1 == $1.1 && $0.2 == $1.2 }) {
            log.append("after marking, the mails are \(seen), not \(expected)")
        }
        if states[2]?.dueAt != time(5000) { log.append("a retry is due at \(String(describing: states[2]?.dueAt))") }
        var summary = try await store.outboxSummary()
        if summary != OutboxSummary(queued: 5, oldestQueuedAt: time(30), sent: 1, failed: 1) {
            log.append("the summary is \(summary), not 5 queued since +30 s, 1 sent, 1 failed")
        }
        try await store.markMailSent(id: "m-claim-3", at: time(90_001))
        summary = try await store.outboxSummary()
        if summary != OutboxSummary(queued: 4, oldestQueuedAt: time(3600), sent: 2, failed: 1) {
            log.append("after one more sent, the summary is \(summary), not 4 queued since +1 h, 2 sent, 1 failed")
        }
        // Sent and failed mails are never claimed again; m-claim-4's lease (until +93,600 s) lapses.
        try await claim(93_599, [])
        try await claim(200_000, ["4"])
        try await ReportStoreContract.expectError(.notFound, &log, "marking an unknown mail sent") {
            try await store.markMailSent(id: "m-none", at: time(0))
        }
        try await ReportStoreContract.expectError(.notFound, &log, "marking an unknown mail for a retry") {
            try await store.markMailRetry(id: "m-none", dueAt: time(0), error: "x")
        }
        try await ReportStoreContract.expectError(.notFound, &log, "marking an unknown mail failed") {
            try await store.markMailFailed(id: "m-none", error: "x")
        }
    }
}

extension Array {
    /// `transform` of each element, in order.
    func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var result: [T] = []
        for element in self { result.append(try await transform(element)) }
        return result
    }
}
