import Foundation
import OutsideInput
import PetSpotJSON
import ReportStore
import Reports
import SQLiteReportStore
import Testing

/// The rules a change of a report obeys wherever it comes from: the transitions of its kind,
/// and a card whose outside text cannot read backwards or hide characters.
@Suite(.timeLimit(.minutes(5)))
struct ReportStatusRulesTests {
    static func report(_ kind: ReportKind, _ status: ReportStatus) -> PetReport {
        var report = PetReport(id: "r-1", kind: kind)
        report.status = status
        return report
    }

    /// Every (kind, from, to): allowed exactly where the table says, or the same status.
    @Test func everyTransitionIsAllowedExactlyWhereTheTableSays() {
        let table: [ReportKind: [ReportStatus: Set<ReportStatus>]] = [
            .missing: [.active: [.found, .closed], .found: [.active, .closed], .closed: [.active]],
            .found: [.found: [.closed], .closed: [.found], .active: [.found, .closed]],
        ]
        for kind in ReportKind.allCases {
            for from in ReportStatus.allCases {
                for to in ReportStatus.allCases {
                    let allowed = to == from || table[kind]?[from]?.contains(to) == true
                    let outcome = Result { () throws(StatusTransitionError) in
                        try StatusTransitions.check(Self.report(kind, from), to: to)
                    }
                    #expect(((try? outcome.get()) != nil) == allowed, "\(kind) \(from) → \(to)")
                }
            }
        }
    }

    /// Twenty owner PATCHes at once, CLOSED and FOUND mixed: the store checks the table where it
    /// writes, so the statuses it announces follow the table (before, a check-then-write let
    /// CLOSED → FOUND through); the status a report has already announces nothing (issue 43).
    @Test func changesSentAtOnceFollowTheTableAndTheSameStatusAnnouncesNothing() async throws {
        try await ReportRoutesTests.withStore { server, store in
            let created = try await server.request(
                "POST", "/v1/reports/missing", headers: ReportRoutesTests.json,
                body: Array(ReportRoutesTests.missingBody.utf8))
            let id = try #require(try created.object["id"] as? String)
            let owner = [("Authorization", "Bearer \(try #require(try created.object["ownerToken"] as? String))")]
            let start = try await store.latestEventSequence()
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for index in 0..<20 {
                    group.addTask {
                        let body = #"{"status": "\#(index.isMultiple(of: 2) ? "CLOSED" : "FOUND")"}"#
                        return try await server.request(
                            "PATCH", "/v1/reports/\(id)", headers: ReportRoutesTests.json + owner,
                            body: Array(body.utf8)
                        ).status
                    }
                }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
            #expect(statuses.allSatisfy { $0 == 200 || $0 == 409 }, "\(statuses)")
            var status = ReportStatus.active
            for event in try await store.events(after: start, limit: 100) {
                #expect(
                    StatusTransitions.next(from: status, kind: .missing).contains(event.status),
                    "\(status.rawValue) → \(event.status.rawValue) was announced")
                status = event.status
            }
            #expect(try await store.report(id: id).status == status)
            let before = try await store.latestEventSequence()
            let again = try await server.request(
                "PATCH", "/v1/reports/\(id)", headers: ReportRoutesTests.json + owner,
                body: Array(#"{"status": "\#(status.rawValue)"}"#.utf8))
            #expect(again.status == 200, "\(again.body)")
            #expect(try await store.latestEventSequence() == before, "the same status wrote an event")
        }
    }

    @Test func aFoundReportIsNeverMadeActiveAndTheMessageSaysWhatItCanBe() {
        #expect(throws: StatusTransitionError.notForKind(id: "r-1", kind: .found, status: .active)) {
            try StatusTransitions.check(Self.report(.found, .closed), to: .active)
        }
        let error = StatusTransitionError.notForKind(id: "r-1", kind: .found, status: .active)
        #expect(error.description == "Report r-1 is a found report, which is never ACTIVE: it is FOUND or CLOSED.")
    }

    @Test func theCardShowsBidiAndZeroWidthCharactersAsEscapesAsTheTerminalDoes() throws {
        var report = PetReport(id: "r-1", kind: .missing)
        report.email = "owner@example.com"
        report.description = "Call \u{202E}987 654 321\u{202C} now\nZero\u{200B}width, joiner \u{200D} kept"
        report.reward = "\u{2066}100 PLN\u{2069}"
        let text = try PetCard(report).json.text
        #expect(
            text.contains("Call <U+202E>987 654 321<U+202C> now\\nZero<U+200B>width, joiner \u{200D} kept"), "\(text)")
        #expect(text.contains("<U+2066>100 PLN<U+2069>"))
        #expect(!text.unicodeScalars.contains { [0x202E, 0x202C, 0x200B, 0x2066, 0x2069].contains($0.value) })
        #expect(TerminalSafeText.terminalSafe("a\u{FEFF}b\u{2060}c") == "a<U+FEFF>b<U+2060>c")
    }
}
