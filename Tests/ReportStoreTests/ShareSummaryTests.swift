import ReportStore
import Reports
import Testing

/// What a shared link to a card says (``ShareSummary``): the kind, species, breed and place in
/// the title; the day, breed and a cut of the description — without the report's contacts.
struct ShareSummaryTests {
    static func report(
        _ kind: ReportKind, species: String? = "DOG", breed: String? = nil, place: String? = nil
    ) -> PetReport {
        var report = PetReport(id: "r-1", kind: kind)
        report.species = species
        report.breed = breed
        report.place = place
        return report
    }

    @Test(arguments: [
        (
            ShareSummaryTests.report(.missing, breed: "Border Collie", place: "near Piaseczno"),
            "Missing dog: Border Collie, near Piaseczno"
        ),
        (ShareSummaryTests.report(.found, species: "CAT", place: "Warsaw"), "Found cat, Warsaw"),
        (ShareSummaryTests.report(.missing, species: "OTHER"), "Missing pet"),
        (ShareSummaryTests.report(.missing, species: nil, breed: "  Mixed\nbreed "), "Missing pet: Mixed breed"),
        (ShareSummaryTests.report(.found, species: "rabbit", breed: "Lop"), "Found rabbit: Lop"),
    ])
    func theTitleSaysKindSpeciesBreedAndPlace(report: PetReport, title: String) {
        #expect(ShareSummary(report).title == title)
    }

    @Test func theDescriptionHasTheDayTheBreedAndACutOfTheTextWithoutContacts() {
        var report = Self.report(.missing, breed: "Beagle")
        report.lastSeenDate = "2025-11-17"
        report.phone = "+48600100200"
        report.email = "owner@example.com"
        report.description =
            "Red collar.\nCall +48600100200 or OWNER@example.com. " + String(repeating: "word ", count: 60)
        let text = ShareSummary(report).description
        #expect(
            text.hasPrefix("Last seen Nov 17, 2025 \u{00B7} Beagle \u{00B7} Red collar. Call \u{2026} or \u{2026}."))
        #expect(!text.contains("600100200") && !text.lowercased().contains("owner@"))
        #expect(text.hasSuffix("word\u{2026}"))
        var found = Self.report(.found, species: "CAT")
        found.lastSeenDate = "2025-11-18"
        #expect(ShareSummary(found).description == "Found Nov 18, 2025")
        #expect(ShareSummary(Self.report(.missing)).description == "A missing pet, on PetSpot.")
    }
}
