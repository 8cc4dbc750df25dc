import Foundation
import Locking
import ReportSteps
import Testing

/// Serves announcement JSON like the backend: fails the first `failures` loads.
final class AnnouncementFixtureLoader: AnnouncementLoading {
    struct Offline: Error {}
    let json: String
    private let failures: Locked<Int>

    init(_ json: String, failures: Int = 0) {
        self.json = json
        self.failures = Locked(failures)
    }

    func announcementJSON(id: String) async throws -> Data {
        let fail = failures.withLock { count in
            defer { count = max(0, count - 1) }
            return count > 0
        }
        if fail { throw Offline() }
        return Data(json.utf8)
    }
}

@Suite("Pet details card from announcement JSON (spec 003)")
struct PetDetailsCardTests {
    static let full = """
        {"id":"42","photoUrl":"https://example.com/luna.jpg","status":"ACTIVE","lastSeenDate":"2025-11-18",
         "species":"DOG","gender":"MALE","breed":"Beagle","description":"Brown collar\\nFriendly",
         "location":"Warsaw","locationRadius":15,"phone":"+48 123 456 789","email":"owner@email.com",
         "microchipNumber":"123456789012","approximateAge":3,"reward":"500 PLN"}
        """

    static let minimal = """
        {"photoUrl":"https://example.com/x.jpg","status":"FOUND","lastSeenDate":"2025-01-05T10:00:00Z",
         "species":"cat","gender":"FEMALE","breed":null,"email":"finder@example.com"}
        """

    @Test func fullAnnouncementShowsEveryValueFormatted() throws {
        let card = try PetDetailsCard(json: Data(Self.full.utf8))
        #expect(card.status.text == "MISSING")
        #expect(card.status.color == .red)
        #expect(card.dateText == "Nov 18, 2025")
        #expect(card.microchipText == "123-456-789-012")
        #expect(card.genderText == "♂ Male")
        #expect(card.locationText == "Warsaw • ±15 km")
        #expect(card.speciesText == "Dog")
        #expect(card.breedText == "Beagle")
        #expect(card.ageText == "3 years")
        #expect(card.rewardText == "500 PLN")
        #expect(card.phone == "+48 123 456 789", "phone shown in full, as is")
        #expect(card.descriptionText == "Brown collar\nFriendly")
        #expect(card.fields.compactMap(\.accessibilityIdentifier) == ["petDetails.phone.tap", "petDetails.email.tap"])
    }

    @Test func missingOptionalsShowADashAndHideTheRewardBadge() throws {
        let card = try PetDetailsCard(json: Data(Self.minimal.utf8))
        #expect(card.status.text == "FOUND")
        #expect(card.status.color == .blue)
        #expect(card.genderText == "♀ Female")
        #expect(card.dateText == "Jan 5, 2025")
        #expect(card.breedText == "—")
        #expect(card.microchipText == "—")
        #expect(card.ageText == "—")
        #expect(card.locationText == "—")
        #expect(card.descriptionText == "—")
        #expect(card.rewardText == nil)
        #expect(card.phone == nil)
        #expect(card.fields.filter { $0.label == "Contact owner" }.map(\.value) == ["finder@example.com"])
    }

    @Test(arguments: [
        ("ACTIVE", "MISSING", PetDetailsCard.StatusBadge.Color.red), ("FOUND", "FOUND", .blue),
        ("CLOSED", "CLOSED", .gray), ("closed", "CLOSED", .gray),
        // Found by the fuzzer: an empty status made an empty badge. Blank is "—", like any
        // missing value; an unknown status is shown as sent, upper-cased and trimmed.
        ("", "—", .gray), ("  \n", "—", .gray), (" found ", "FOUND", .blue), ("archived", "ARCHIVED", .gray),
    ])
    func statusMapsToBadgeTextAndColor(api: String, text: String, color: PetDetailsCard.StatusBadge.Color) {
        let badge = PetDetailsCard.StatusBadge(apiStatus: api)
        #expect(badge.text == text)
        #expect(badge.color == color)
    }

    @Test func radiusBelowAKilometreAndPlaceWithoutRadius() throws {
        let near = Self.minimal.replacingOccurrences(
            of: "\"breed\":null", with: "\"location\":\" Kraków \",\"locationRadius\":0.5")
        #expect(try PetDetailsCard(json: Data(near.utf8)).locationText == "Kraków • ±500 m")
        let noRadius = Self.minimal.replacingOccurrences(of: "\"breed\":null", with: "\"location\":\"Gdańsk\"")
        #expect(try PetDetailsCard(json: Data(noRadius.utf8)).locationText == "Gdańsk")
        let badRadius = Self.minimal.replacingOccurrences(
            of: "\"breed\":null", with: "\"location\":\"Gdańsk\",\"locationRadius\":-3")
        #expect(try PetDetailsCard(json: Data(badRadius.utf8)).locationText == "Gdańsk")
    }

    @Test func missingRequiredFieldIsADecodingError() {
        let broken = #"{"status":"ACTIVE"}"#
        #expect(throws: DecodingError.self) { try PetDetailsCard(json: Data(broken.utf8)) }
    }

    @Test @MainActor func presenterLoadsThenShowsTheCard() async {
        let presenter = PetDetailsPresenter(petID: "42", loader: AnnouncementFixtureLoader(Self.full))
        #expect(presenter.state == .loading)
        await presenter.loadPetDetails()
        guard case .loaded(let card) = presenter.state else {
            Issue.record("expected loaded, got \(presenter.state)")
            return
        }
        #expect(card.locationText == "Warsaw • ±15 km")
    }

    @Test @MainActor func failureShowsTheErrorAndRetryIsUnlimited() async {
        let presenter = PetDetailsPresenter(petID: "42", loader: AnnouncementFixtureLoader(Self.full, failures: 3))
        for _ in 0..<3 {
            await presenter.loadPetDetails()
            #expect(presenter.state == .error("Unable to load pet details"))
        }
        await presenter.loadPetDetails()
        #expect(presenter.loadCount == 4)
        if case .loaded = presenter.state {} else { Issue.record("retry after failures should load") }
        #expect(PetDetailsPresenter.ID.retry == "petDetails.retry.button")
        #expect(PetDetailsPresenter.ID.showMap == "petDetails.showMap.button")
        #expect(PetDetailsPresenter.ID.removeReport == "petDetails.removeReport.button")
    }

    @Test @MainActor func malformedJSONIsTheSameErrorState() async {
        let presenter = PetDetailsPresenter(petID: "1", loader: AnnouncementFixtureLoader("{not json"))
        await presenter.loadPetDetails()
        #expect(presenter.state == .error(PetDetailsPresenter.errorMessage))
    }
}
