import Foundation
import OutsideInput
import PetSpotJSON
import ReportStore
import Reports
import Testing

/// The card's texts as the pages get them (`GET /v1/reports/{id}/card`, the matches' titles):
/// right-to-left text as written (issue 43: a right-to-left mark showed as `<U+200F>`), the
/// controls that reorder what follows as escapes.
@Suite struct CardTextOnPagesTests {
    static let hebrewBreed = "\u{5E8}\u{5D5}\u{5E2}\u{5D4} \u{5D2}\u{5E8}\u{5DE}\u{5E0}\u{5D9}\u{200F}"

    static func report() -> PetReport {
        var report = PetReport(id: "r-1", kind: .missing)
        report.email = "owner@example.com"
        report.species = "dog"
        report.breed = hebrewBreed
        report.description = "Call \u{202E}987 654 321\u{202C} now"
        return report
    }

    @Test func aRightToLeftMarkStaysOnTheCardAndAnOverrideIsEscaped() throws {
        let text = try PetCard(Self.report()).json.text
        #expect(text.contains(Self.hebrewBreed), "\(text)")
        #expect(!text.contains("<U+200F>"))
        #expect(text.contains("Call <U+202E>987 654 321<U+202C> now"))
    }

    @Test func aMatchTitleKeepsItsRightToLeftMark() {
        #expect(ReportMatching.title(Self.report()) == "Dog · " + Self.hebrewBreed)
    }
}
