import Foundation
import OutsideInput
import ReportSteps
public import ReportStore

/// What a link to a report's card says where it is shared (the Open Graph and Twitter card
/// tags of `/pets/{id}`): a title and a line of description made only of what a stranger may
/// read — never a contact (phone, email, caregiver's phone, address: they are on the contact
/// route) and never more of a place than the report is given with.
///
/// Give it the report as a stranger sees it (``PublicLocation/publicView(of:)``) with its place
/// named (the typed name, or `near TOWN`): it repeats the report's place name and nothing of
/// its coordinates.
///
/// ```swift
/// let summary = ShareSummary(report)   // a missing Beagle, place "near Piaseczno"
/// summary.title        // "Missing dog: Beagle, near Piaseczno"
/// summary.description  // "Last seen Nov 17, 2025 · Beagle · Red collar, answers to Luna."
/// ```
public struct ShareSummary: Sendable, Hashable {
    /// `Missing dog: Border Collie, near Piaseczno`, `Found cat, Warsaw`, `Missing pet`.
    public let title: String
    /// `Last seen Nov 17, 2025 · Border Collie · Red collar…`; the day found for a found report.
    public let description: String

    /// The longest cut of the report's own description, in characters.
    public static let descriptionLength = 160

    /// The summary of `report`, whose place (``PetReport/place``) is already the name to show.
    public init(_ report: PetReport) {
        title = Self.title(report)
        description = Self.description(report)
    }

    /// `Missing dog: Beagle, near Warsaw`: the kind, the species in lower case (`pet` for
    /// none or `Other`), the breed after a colon, the place after a comma.
    static func title(_ report: PetReport) -> String {
        let kind = report.kind == .found ? "Found" : "Missing"
        var title = kind + " " + species(report)
        if let breed = text(report.breed) { title += ": " + breed }
        if let place = text(report.place) { title += ", " + place }
        return title
    }

    /// `dog`, `cat`; `pet` without a species or for `Other` (the poster's headline says it too).
    public static func species(_ report: PetReport) -> String {
        guard let id = report.species, let option = SpeciesTaxonomy.option(id: id), option.id != "other" else {
            return "pet"
        }
        return option.displayName.lowercased()
    }

    /// The day, the breed and the start of the report's description, joined by ` · `.
    static func description(_ report: PetReport) -> String {
        var parts: [String] = []
        let day = ReportMatching.date(report)
        if !day.isEmpty { parts.append((report.kind == .found ? "Found " : "Last seen ") + day) }
        if let breed = text(report.breed) { parts.append(breed) }
        if let told = text(report.description) { parts.append(cut(withoutContacts(told, of: report))) }
        guard !parts.isEmpty else {
            return report.kind == .found ? "An animal found, on PetSpot." : "A missing pet, on PetSpot."
        }
        return parts.joined(separator: " \u{00B7} ")
    }

    /// `text` with any of the report's own contacts it repeats taken out: a description that
    /// names the phone or the email does not carry them into a shared link.
    static func withoutContacts(_ text: String, of report: PetReport) -> String {
        withoutContacts(text, [report.phone, report.email, report.caregiverPhone, report.currentAddress])
    }

    /// `text` with every contact of `contacts` (3 characters or more, case ignored) as `…`.
    public static func withoutContacts(_ text: String, _ contacts: [String?]) -> String {
        var text = text
        for contact in contacts {
            guard let contact = contact?.trimmingCharacters(in: .whitespacesAndNewlines), contact.count >= 3 else {
                continue
            }
            text = text.replacingOccurrences(of: contact, with: "\u{2026}", options: .caseInsensitive)
        }
        return text
    }

    /// The first ``descriptionLength`` characters of `text` on one line, cut at a word with `…`.
    static func cut(_ text: String) -> String {
        let line = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard line.count > descriptionLength else { return line }
        let start = line.prefix(descriptionLength)
        var words = start.lastIndex(of: " ").map { start[..<$0] } ?? start
        while let last = words.last, last.isPunctuation || last.isWhitespace { words.removeLast() }
        return words + "\u{2026}"
    }

    /// Outside text on one line as a page may show it (``PageSafeText``), or `nil` when blank.
    private static func text(_ value: String?) -> String? {
        guard let words = value?.split(whereSeparator: \.isWhitespace), !words.isEmpty else { return nil }
        return PageSafeText.pageSafe(words.joined(separator: " "))
    }
}
