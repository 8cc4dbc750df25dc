import Foundation
import OutsideInput
import PetSpotJSON
import ReportStore
import Reports
import Testing

/// The rules a change of a report obeys wherever it comes from: the transitions of its kind,
/// and a card whose outside text cannot read backwards or hide characters.
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
