import Foundation
import OutsideInput
import QRCodes
import ReportSteps
import ReportStore
import Reports

/// `/pets/{id}/poster`: a report's printable poster, made to fit one sheet (``Paper``): "MISSING
/// DOG" across the top, the photo, the facts a passer-by needs, the reward, a QR code of the
/// card's absolute address and tear-off strips with the short link. It is the report as a
/// stranger sees it — a missing report's place named by its cell (``PublicLocation``), no
/// contact: the report's owner may write their phone in, in their own browser (`poster.js`,
/// through the contact route; nothing stored).
struct PosterPage {
    /// Where a report's poster is: `/pets/ID/poster`.
    static func path(_ id: String) -> String { PetDetailsPage.path(id) + "/poster" }

    /// The sheets a poster is laid out for (`?paper=`).
    enum Paper: String, CaseIterable {
        case a4
        case letter

        /// What `?paper=` names, A4 without one.
        ///
        /// - Throws: ``Problem`` (400) naming the sheets there are.
        init(query: String?) throws(Problem) {
            guard let text = query else {
                self = .a4
                return
            }
            guard let paper = Paper(rawValue: text.lowercased()) else {
                throw Problem.badParameter(
                    "paper",
                    "A poster prints on paper=a4 (210 × 297 mm, the default) or paper=letter (8.5 × 11 in), "
                        + "not '\(StepRequest.shown(text))'.")
            }
            self = paper
        }
    }

    /// One fact of the poster: the card's label and value.
    struct Fact {
        let label: String
        let value: String
        let id: String
    }

    /// One tear-off strip.
    struct Strip {
        let link: String
    }

    /// The tear-off strips along the bottom.
    static let stripCount = 8

    let id: String
    /// `a4` or `letter`: the page's paper stylesheet (`poster-a4.css`) and the body's class.
    let paper: String
    /// `MISSING DOG`, `FOUND CAT`, `MISSING PET`.
    let headline: String
    /// `missing` or `found`: the headline's colour.
    let kind: String
    /// The photo's address, or empty for the placeholder.
    let photoUrl: String
    let hasPhoto: Bool
    let photoAlt: String
    let noPhoto = "No photo"
    let facts: [Fact]
    /// `Reward: 500 PLN`, or empty.
    let reward: String
    let hasReward: Bool
    /// The card's absolute address, the QR code's text.
    let link: String
    /// The link without its scheme, as the strips print it.
    let shortLink: String
    /// The QR code's drawing (the template's inline SVG: ``QRCode/side`` units a side, one path
    /// of ``QRCode/pathData``), or empty when it cannot be made (``qrProblem`` says why).
    let qrSide: String
    let qrPath: String
    let qrLabel: String
    let qrProblem: String
    let hasQR: Bool
    let scanText = "Scan for the photo, the map and how to reach the owner"
    let strips: [Strip]
    let title: String
    let cardPath: String
    let backTitle = "Back to the card"
    let printTitle = "Print"
    let paperA4Path: String
    let paperLetterPath: String
    let ownerPhoneLabel = "Print my phone on the poster"
    let ownerPhoneHelp = "Only this browser sees your phone: it is written into the page you print, never stored."
    let phoneLabel = "Call"
    let noPhone = "This report has no phone number."

    /// The poster of `report` (as a stranger sees it, its place named), at `link`.
    ///
    /// `contacts` are the report's own phones, email and address: a fact that repeats one (a
    /// description with the phone in it) has it cut out, as ``ShareSummary`` does.
    init(report: PetReport, card: PetDetailsCard, hasPhoto: Bool, link: String, paper: Paper, contacts: [String?]) {
        id = report.id
        self.paper = paper.rawValue
        let summary = ShareSummary.species(report)
        let found = report.kind == .found
        kind = found ? "found" : "missing"
        headline = ((found ? "Found " : "Missing ") + summary).uppercased()
        title = ShareSummary(report).title
        self.hasPhoto = hasPhoto
        photoUrl = hasPhoto ? ReportsController.photoPath(report.id) : ""
        photoAlt = "Photo of the " + (found ? "found " : "missing ") + summary
        facts = Self.facts(card, without: contacts)
        let rewardText = card.rewardText.map(PageSafeText.pageSafe) ?? ""
        reward = rewardText.isEmpty ? "" : "Reward: " + rewardText
        hasReward = !rewardText.isEmpty
        self.link = link
        shortLink = Self.withoutScheme(link)
        strips = Array(repeating: Strip(link: shortLink), count: Self.stripCount)
        qrLabel = "QR code: " + link
        do {
            let code = try QRCode(link)
            (qrSide, qrPath, qrProblem) = (String(code.side), code.pathData, "")
        } catch {
            (qrSide, qrPath, qrProblem) = ("", "", "No QR code: \(error).")
        }
        hasQR = !qrPath.isEmpty
        cardPath = PetDetailsPage.path(report.id)
        paperA4Path = Self.path(report.id) + "?paper=a4"
        paperLetterPath = Self.path(report.id) + "?paper=letter"
    }

    /// The card's rows a passer-by needs — what the pet looks like, when and where — in the
    /// card's order and words; never a contact row, the species (the headline says it) nor the
    /// microchip.
    static func facts(_ card: PetDetailsCard, without contacts: [String?]) -> [Fact] {
        let left: Set<ReportField> = [.species, .microchipNumber]
        return card.fields.filter { $0.field.audience != .contact && !$0.isEmpty && !left.contains($0.field) }
            .map { row in
                Fact(
                    label: row.label, value: PageSafeText.pageSafe(ShareSummary.withoutContacts(row.value, contacts)),
                    id: "poster." + row.field.rawValue)
            }
    }

    /// `petspot.example/pets/r-1` of `https://petspot.example/pets/r-1`.
    static func withoutScheme(_ link: String) -> String {
        guard let range = link.firstRange(of: "://") else { return link }
        return String(link[range.upperBound...])
    }
}
