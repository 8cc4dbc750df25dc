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
                 "species": "DOG", "gender": "MALE"\(members.isEmpty ? "" : ", " + members)}
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
                #"{"photoUrl": "x", "status": "FOUND", "lastSeenDate": "\#(date)", "species": "CAT", "gender": "FEMALE"}"#
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
}
