import Foundation
import Geodata
import ReportSteps
import ReportStore

/// One report field's schema in the OpenAPI document: its JSON types, enum, longest text and
/// description, derived from the field's codec (``ReportField/value``), its kinds, its
/// audience, its input (``ReportField/fieldKind``) and the limits the steps and the body
/// reader apply; written as one YAML flow mapping (``line(_:)``).
///
/// ```swift
/// PropertySchema.stored(.breed, nearest: false).line("breed")
/// // breed: {type: [string, "null"], maxLength: 4096}
/// ```
struct PropertySchema: Sendable, Hashable {
    /// The JSON types, `"null"` last when the value may be absent.
    var types: [String]
    /// The only values, when there is a list.
    var values: [String] = []
    /// The most characters, when limited.
    var maxLength: Int?
    /// Sentences, joined with a space.
    var notes: [String] = []

    /// `field` as a stored report's JSON has it (``ReportJSON``); in a nearest report
    /// (`nearest`) the status is open and the place always there.
    static func stored(_ field: ReportField, nearest: Bool) -> PropertySchema {
        var schema: PropertySchema
        switch field.value {
        case .id: schema = PropertySchema(types: ["string"])
        case .kind: schema = PropertySchema(types: ["string"], values: ReportKind.allCases.map(\.rawValue))
        case .status:
            let statuses = nearest ? ReportKind.allCases.map(\.openStatus) : ReportStatus.allCases
            schema = PropertySchema(types: ["string"], values: statuses.map(\.rawValue))
        case .text:
            // The card's required texts are "" when absent (ReportJSON), the others null.
            schema = PropertySchema(types: field.isRequiredOnCard ? ["string"] : ["string", "null"])
            schema.maxLength = PetReport.maximumTextBytes  // bytes, so never more characters
        case .timestamp: schema = PropertySchema(types: ["string", "null"])
        case .wholeNumber: schema = PropertySchema(types: ["integer", "null"])
        case .latitude, .longitude: schema = PropertySchema(types: nearest ? ["number"] : ["number", "null"])
        case .radius: schema = PropertySchema(types: ["number", "null"])
        }
        schema.notes = [field.storedNote, kindsNote(field), field.audience == .contact ? "A contact detail." : nil]
            .compactMap(\.self)
        return schema
    }

    /// `field` as a posted `kind` of report may give it (``PostedFields``): a text, or a number
    /// where the field holds one; `null` is no value, so a member the flow requires
    /// (`required`) is never null.
    static func posted(_ field: ReportField, in kind: ReportKind, required: Bool) -> PropertySchema {
        var schema: PropertySchema
        switch (field.value, field.fieldKind) {
        case (.status, _): schema = PropertySchema(types: ["string"], values: [kind.openStatus.rawValue])
        case (.radius, _): schema = PropertySchema(types: ["number", "string"])
        case (_, .wholeNumber): schema = PropertySchema(types: ["integer", "string"])
        case (_, .coordinate): schema = PropertySchema(types: ["number", "string"])
        case (_, .digits): schema = PropertySchema(types: ["string", "integer"])
        default: schema = PropertySchema(types: ["string"])
        }
        // A status is its one value or left out: null would not be in its enum.
        if !required, field.value != .status { schema.types.append("null") }
        schema.maxLength = postedLimit(field, in: kind)
        schema.notes = [postedNote(field, in: kind)].compactMap(\.self)
        return schema
    }

    /// The most characters a body may give `field` (a step refuses more, never cuts).
    static func postedLimit(_ field: ReportField, in kind: ReportKind) -> Int? {
        let added = kind == .missing ? AnimalDescriptionCopy.addedTexts : FoundFlowCopy.PetDetails.addedTexts
        switch field {
        case .description:
            return kind == .missing ? AnimalDescriptionCopy.descriptionLimit : FoundFlowCopy.PetDetails.descriptionLimit
        case .currentAddress: return FoundFlowCopy.Contact.addressLimit
        case .location, .reward: return ReportSubmission.maximumExtraLength
        case _ where added.contains { $0.field == field }: return FieldEntry.maximumFreeText
        default: return nil
        }
    }

    /// What a body's member takes, in words, by its input.
    static func postedNote(_ field: ReportField, in kind: ReportKind) -> String? {
        if field == .photoUrl {
            return
                "Set by the server: a body that gives one is refused (send the photo with PUT /v1/reports/{id}/photo)."
        }
        if field.value == .radius {
            let offered = SearchRadiusChoice.all.map { String($0.kilometers) }
            return "Kilometres, 0 to 10,000 (the wizard and the pages give \(words(offered, "or")); "
                + "\(SearchRadiusChoice.standard.kilometers) when absent)."
        }
        switch field.fieldKind {
        case .day:
            let day = kind == .missing ? "The day of disappearance" : "The day it was found"
            return "\(day): \(CalendarDay.acceptedFormats), today or earlier."
        case .species: return "\(words(SpeciesTaxonomy.options.map(\.id), "or")), or its name (any case)"
        case .gender: return "female or f, male or m (any case)"
        case .wholeNumber: return "Whole years, 0 to \(AnimalDescriptionCopy.maximumAge)."
        case .digits:
            return "Digits, at most \(MicrochipNumber.maximumDigits) (spaces and hyphens between them are ignored)."
        case .otherPhone:
            return "Optional; \(ContactRules.minimumPhoneDigits)–\(ContactRules.maximumPhoneDigits) digits when given "
                + "(+ allowed, other characters ignored)."
        case .address: return "Optional, several lines: where the animal is now."
        default: return nil
        }
    }

    /// Which kinds of report give the field, when not both.
    static func kindsNote(_ field: ReportField) -> String? {
        guard field.kinds.count == 1, let kind = field.kinds.first else { return nil }
        return "Given by a \(kind.rawValue) report's flow or body only."
    }

    /// `a, b or c`.
    static func words(_ items: [String], _ last: String) -> String {
        items.count < 2
            ? items.joined() : items.dropLast().joined(separator: ", ") + " \(last) " + items[items.count - 1]
    }

    /// `name: {type: …, enum: […], maxLength: …, description: "…"}`. Written here rather than
    /// by a YAML library: a handful of flow mappings whose only free text is quoted as JSON
    /// (YAML's double-quoted style is a superset of it), spliced into a file whose own style
    /// stays as written.
    func line(_ name: String) -> String {
        var members = ["type: " + (types.count == 1 ? Self.scalar(types[0]) : Self.list(types))]
        if !values.isEmpty { members.append("enum: " + Self.list(values)) }
        if let maxLength { members.append("maxLength: \(maxLength)") }
        if !notes.isEmpty { members.append("description: " + Self.quoted(notes.joined(separator: " "))) }
        return "\(name): {" + members.joined(separator: ", ") + "}"
    }

    static func list(_ items: [String]) -> String { "[" + items.map(scalar).joined(separator: ", ") + "]" }

    /// A plain word as it is; `null` and anything else quoted.
    static func scalar(_ text: String) -> String {
        let plain = !text.isEmpty && text != "null" && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        return plain ? text : quoted(text)
    }

    /// `text` as a JSON string (a YAML double-quoted scalar).
    static func quoted(_ text: String) -> String {
        let data = (try? JSONEncoder.withoutEscapingSlashes.encode(text)) ?? Data("\"\"".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}

extension JSONEncoder {
    /// An encoder that writes `/` as it is.
    fileprivate static var withoutEscapingSlashes: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        return encoder
    }
}

extension ReportField {
    /// What the document says of the field in a stored report beyond its type, kinds and
    /// audience; `nil` for most fields.
    var storedNote: String? {
        switch self {
        case .locationRadius: "Kilometres."
        case .caregiverPhone: "The phone of whoever looks after the animal now (spec 004 US3), sanitized."
        case .currentAddress: "Where the animal is now (spec 004 US3), several lines."
        case .renewedAt:
            "When the report was made or last renewed, UTC (`2026-12-06T16:10:00.000Z`): its age. An open report "
                + "not renewed for `--missing-max-age-days` (90) or `--found-max-age-days` (30) closes itself; "
                + "`POST /v1/reports/{id}/renew` renews it."
        default: nil
        }
    }
}
