import Foundation
import OutsideInput
import ReportSteps
import Testing

/// The card as terminal lines (`petspot show`), and the announcement's numbers bounded.
@Suite("Pet details card as terminal text")
struct PetDetailsCardTextTests {
    static func card(_ members: String) throws -> PetDetailsCard {
        try PetDetailsCard(
            json: Data(
                """
                {"photoUrl": "https://example.com/a.jpg", "status": "ACTIVE", "lastSeenDate": "2025-11-18",
                 "species": "DOG", "gender": "MALE", "email": "owner@example.com"\(members.isEmpty ? "" : ", " + members)}
                """.utf8))
    }

    static let hostile = #"""
        {"status": "ACT\u001b[2JIVE", "photoUrl": "https://example.com/a.jpg\u001b]0;owned\u0007",
        "lastSeenDate": "2025-11-18", "species": "DOG", "gender": "MALE",
        "phone": "\u001b]8;;https://evil.example\u001b\\+48 123 456 789\u001b]8;;\u001b\\",
        "email": "a@b.example\u009b2J", "breed": "Lab\rSHIBA", "reward": "\u001b[2J500 PLN",
        "location": "Wa\u202ersaw", "description": "line one\r\nline \u202etwo\u2066"}
        """#

    @Test func noControlOrBidiCharacterFromTheAnnouncementReachesALine() throws {
        let card = try PetDetailsCard(json: Data(Self.hostile.utf8))
        let lines = PetDetailsCardText.lines(card)
        for line in lines {
            #expect(!line.unicodeScalars.contains(where: TerminalSafeText.isUnsafe), "\(line.debugDescription)")
        }
        let text = lines.joined(separator: "\n")
        #expect(text.contains(#"[ACT\x1B[2JIVE]"#))
        #expect(text.contains(#"Photo: https://example.com/a.jpg\x1B]0;owned\x07"#))
        #expect(text.contains(#"Reward: \x1B[2J500 PLN"#))
        #expect(text.contains(#"\x1B]8;;https://evil.example\x1B\+48 123 456 789\x1B]8;;\x1B\"#))
        #expect(text.contains(#"a@b.example\u{9B}2J"#))
        #expect(text.contains(#"Lab\rSHIBA"#))
        #expect(text.contains("Wa<U+202E>rsaw"))
        let description = try #require(lines.firstIndex { $0.hasPrefix("Animal Additional Description") })
        #expect(lines[description].hasSuffix("line one"))
        #expect(lines[description + 1].trimmingCharacters(in: .whitespaces) == "line <U+202E>two<U+2066>")
    }

    @Test func stylesArePaintedOnlyAroundSafeText() throws {
        let card = try Self.card(#""reward": "\u001b[31mred", "breed": null"#)
        let lines = PetDetailsCardText.lines(card, usesColor: true) { text, style in "<\(style)>\(text)</>" }
        #expect(
            lines[2]
                == #"<badge(ReportSteps.PetDetailsCard.StatusBadge.Color.red)> MISSING </>  <bold>Reward: \x1B[31mred</>"#
        )
        #expect(lines.contains { $0.hasPrefix("<dim>Animal Race") && $0.hasSuffix("<gray>—</>") })
    }

    /// Out-of-range numbers show as `—` (or leave the radius out); none traps.
    @Test(arguments: [
        (#""approximateAge": 1e300"#, "Animal Approx. Age", "—"),
        (#""approximateAge": -4"#, "Animal Approx. Age", "—"),
        (#""approximateAge": "1e+300""#, "Animal Approx. Age", "—"),
        (#""approximateAge": 2.5"#, "Animal Approx. Age", "2.5 years"),
        (#""approximateAge": 1"#, "Animal Approx. Age", "1 year"),
        (#""approximateAge": "about 3""#, "Animal Approx. Age", "about 3"),
        (#""microchipNumber": 1e300"#, "Microchip number", "—"),
        (#""microchipNumber": 123456789012345"#, "Microchip number", "12345-67890-12345"),
        (#""microchipNumber": 9223372036854775807"#, "Microchip number", "—"),
        (#""location": "Warsaw", "locationRadius": 1e308"#, "Place of Disappearance", "Warsaw"),
        (#""location": "Warsaw", "locationRadius": "0x10""#, "Place of Disappearance", "Warsaw"),
        (#""location": "Warsaw", "locationRadius": "nan""#, "Place of Disappearance", "Warsaw"),
        (#""location": "Warsaw", "locationRadius": "15""#, "Place of Disappearance", "Warsaw • ±15 km"),
        (#""locationLatitude": 1e300, "locationLongitude": -1e300"#, "Place of Disappearance", "—"),
        (#""locationLatitude": "91", "locationLongitude": 0, "locationRadius": 5"#, "Place of Disappearance", "—"),
    ])
    func outOfRangeNumbersShowADashNeverATrap(members: String, label: String, value: String) throws {
        let card = try Self.card(members)
        #expect(card.fields.first { $0.label == label }?.value == value)
    }

    @Test(arguments: [("2025-02-31", "—"), ("9999-99-99", "—"), ("0000-01-01", "—"), ("last week", "last week")])
    func aDateThatDoesNotExistShowsADash(date: String, shown: String) throws {
        let card = try PetDetailsCard(
            json: Data(
                #"{"photoUrl": "x", "status": "FOUND", "lastSeenDate": "\#(date)", "species": "CAT", "gender": "FEMALE", "phone": "1"}"#
                    .utf8))
        #expect(card.dateText == shown)
    }

    @Test func aRewardSentAsAHugeNumberIsHidden() throws {
        #expect(try Self.card(#""reward": 1e300"#).rewardText == nil)
        #expect(try Self.card(#""reward": 500"#).rewardText == "500")
    }

    @Test func duplicateKeysAreRefusedByTheCardItself() {
        #expect(throws: JSONCheckError.self) { try Self.card(#""status": "CLOSED""#) }
    }

    /// Spec 003: a gray "Image not available" instead of a photo; "Show on the map" leads to the
    /// place (or says "No location data"); short fields cut with an ellipsis, the description
    /// and contacts whole.
    @Test func noPhotoMapLinkAndTruncationToTheWidth() throws {
        let longBreed = String(repeating: "Very long breed name ", count: 6)
        let card = try PetDetailsCard(
            json: Data(
                """
                {"photoUrl": "  ", "status": "FOUND", "lastSeenDate": "2025-11-18", "species": "DOG",
                 "gender": "MALE", "breed": "\(longBreed)", "phone": "+48 123 456 789 (evenings, ask for Ola)",
                 "description": "\(longBreed)", "location": "Kraków", "locationLatitude": 50.0647,
                 "locationLongitude": 19.945}
                """.utf8))
        let lines = PetDetailsCardText.lines(card, width: 60)
        #expect(lines.contains("Photo: Image not available"))
        #expect(card.photoText == PetDetailsCard.imageNotAvailable)
        let breed = try #require(lines.first { $0.hasPrefix("Animal Race") })
        #expect(breed.count == 60 && breed.hasSuffix("\u{2026}"), "\(breed)")
        #expect(lines.contains { $0.hasSuffix("+48 123 456 789 (evenings, ask for Ola)") }, "contacts are not cut")
        #expect(lines.contains { $0.hasSuffix(longBreed.trimmingCharacters(in: .whitespaces)) }, "nor the description")
        #expect(
            lines.last
                == "Show on the map: https://www.openstreetmap.org/?mlat=50.06470&mlon=19.94500#map=12/50.06470/19.94500"
        )
        let whole = longBreed.trimmingCharacters(in: .whitespaces)
        #expect(PetDetailsCardText.lines(card).contains { $0.hasPrefix("Animal Race") && $0.hasSuffix(whole) })

        let placeOnly = try Self.card(#""location": "Zielona Góra""#)
        #expect(
            PetDetailsCardText.lines(placeOnly).last
                == "Show on the map: https://www.openstreetmap.org/search?query=Zielona%20G%C3%B3ra")
        #expect(PetDetailsCardText.lines(try Self.card("")).last == "Show on the map: No location data")
    }

    /// Seed 004 writes a 15-digit microchip 00000-00000-00000; seed 003 a 12-digit one 000-000-000-000.
    @Test(arguments: [("123456789012345", "12345-67890-12345"), ("123456789012", "123-456-789-012")])
    func microchipNumbersAreGroupedAsTheSeedsWriteThem(digits: String, shown: String) throws {
        #expect(try Self.card(#""microchipNumber": "\#(digits)""#).microchipText == shown)
    }

    @Test func anAnnouncementWithNeitherPhoneNorEmailIsRefused() {
        let json =
            #"{"photoUrl": "x", "status": "ACTIVE", "lastSeenDate": "2025-11-18", "species": "DOG", "gender": "MALE", "phone": " ", "email": null}"#
        #expect(throws: AnnouncementError.noContact) { try PetDetailsCard(json: Data(json.utf8)) }
    }
}
