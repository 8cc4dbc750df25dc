import Foundation
import ReportSteps
import ReportStore
import Testing

/// The card of a found report speaks of finding (spec 004): "Date found", "Place found",
/// "Contact finder"; a missing report's card, and one whose kind is not known, keeps spec
/// 003's "Date of Disappearance", "Place of Disappearance", "Contact owner".
struct FoundCardLabelsTests {
    static func card(kind: String?) throws -> PetDetailsCard {
        let member = kind.map { #""kind": "\#($0)", "# } ?? ""
        let json = """
            {\(member)"photoUrl": "", "status": "FOUND", "lastSeenDate": "2025-11-18", "species": "CAT",
             "gender": "MALE", "location": "Warsaw", "phone": "+48 123 456 789", "email": "finder@example.com"}
            """
        return try PetDetailsCard(json: Data(json.utf8))
    }

    static func labels(_ card: PetDetailsCard) -> [String] {
        card.fields.filter { [.lastSeenDate, .phone, .email, .location].contains($0.field) }.map(\.label)
    }

    @Test func aFoundReportsCardSaysDateFoundPlaceFoundAndContactFinder() throws {
        let card = try Self.card(kind: "found")
        #expect(card.isFoundReport)
        #expect(Self.labels(card) == ["Date found", "Contact finder", "Contact finder", "Place found"])
        #expect(card.fields.first { $0.field == .lastSeenDate }?.value == "Nov 18, 2025")
        #expect(card.fields.first { $0.field == .location }?.value == "Warsaw")
    }

    @Test(arguments: ["missing", nil, "lost"])
    func anyOtherCardKeepsTheMissingLabels(kind: String?) throws {
        let card = try Self.card(kind: kind)
        #expect(!card.isFoundReport)
        #expect(
            Self.labels(card) == ["Date of Disappearance", "Contact owner", "Contact owner", "Place of Disappearance"])
    }
}
