import Geodata
import Geodesy
public import PetSpotJSON
public import ReportSteps
import ReportStore

/// The JSON of reports, keys in a fixed, documented order, every field named by the report's
/// one key type (``ReportField``, and ``Key`` for what a wizard's JSON has beyond a report's
/// fields) and every value written by its ``FieldValue`` codec: what `petspot report
/// missing|found` prints, what `POST /v1/reports/missing|found` reads (the same names), and the
/// stored reports the store routes and `petspot reports` answer (``report(_:contacts:)``).
public enum ReportJSON {
    /// The members of a wizard's JSON and of a report just made that are not a report's
    /// fields (``ReportField``).
    public enum Key: String, CaseIterable, Sendable {
        /// The wizard that made the report (`missing`).
        case flow
        /// Which steps the report went through (`1-4`).
        case steps
        /// The photo the wizard checked: file name, type and size.
        case photo
        /// The secret that makes its holder the report's owner, given once (``OwnerToken``).
        case ownerToken
        /// The side of the cell a stranger's view of a missing report's place is the centre of
        /// (``PublicLocation``), in metres; absent from the exact view.
        case locationPrecisionMeters
    }

    typealias Field = ReportField

    /// The Found report's request body (`POST /api/v1/announcements`), exactly the fields
    /// of `FoundReportPayload`. Absent optionals are left out.
    ///
    /// Members in this order: `status` (`FOUND`), `lastSeenDate` (`2025-11-18`), `species`
    /// (`CAT`), `breed`, `gender` (`FEMALE`), `locationLatitude`, `locationLongitude`,
    /// `microchipNumber`, `description`, `phone`, `email`, `caregiverPhone`, `currentAddress`,
    /// then the texts the flow's copy adds (``FoundReportPayload/texts``) in screen order.
    public static func found(_ payload: FoundReportPayload) -> JSONValue {
        var members: [(String, JSONValue)] = [
            (Field.status.rawValue, .string(payload.status)),
            (Field.lastSeenDate.rawValue, .string(payload.lastSeenDate)),
            (Field.species.rawValue, .string(payload.species)),
        ]
        if let breed = payload.breed { members.append((Field.breed.rawValue, .string(breed))) }
        members += [
            (Field.gender.rawValue, .string(payload.gender)),
            (Field.locationLatitude.rawValue, .number(payload.locationLatitude)),
            (Field.locationLongitude.rawValue, .number(payload.locationLongitude)),
        ]
        if let chip = payload.microchipNumber { members.append((Field.microchipNumber.rawValue, .string(chip))) }
        if let description = payload.description {
            members.append((Field.description.rawValue, .string(description)))
        }
        members += [(Field.phone.rawValue, .string(payload.phone)), (Field.email.rawValue, .string(payload.email))]
        if let phone = payload.caregiverPhone { members.append((Field.caregiverPhone.rawValue, .string(phone))) }
        if let address = payload.currentAddress { members.append((Field.currentAddress.rawValue, .string(address))) }
        return .object(
            members + texts(payload.texts, of: FoundFlowCopy.PetDetails.addedTexts.map(\.field), nulls: false))
    }

    /// The texts a flow's copy adds (``TextFieldCopy``: `fields`, in screen order) as `texts`
    /// holds them: each one given, and, with `nulls`, each one not given as `null`.
    static func texts(_ texts: [ReportField: String], of fields: [ReportField], nulls: Bool) -> [(String, JSONValue)] {
        fields.compactMap { field in
            let text = texts[field]
            return text != nil || nulls ? (field.rawValue, .string(text)) : nil
        }
    }

    /// The Missing flow's state after *Contact details* (all four steps), by the same names
    /// as the Found report's, every member present (`null` when absent), in this order:
    /// `flow` (`missing`), `steps` (`1-4`), `microchipNumber`, `photo` (``photo(_:)``),
    /// `lastSeenDate`, `species` (`DOG`), `breed`, `gender` (`FEMALE`), `approximateAge`,
    /// `locationLatitude`, `locationLongitude`, `locationRadius` (km), `description`, `phone`, `email`, then the texts
    /// the flow's copy adds to its steps (``ReportMissingPetFlowState/texts``, `null` when absent).
    public static func missing(_ state: ReportMissingPetFlowState) -> JSONValue {
        .object(
            [
                (Key.flow.rawValue, .string("missing")),
                (Key.steps.rawValue, .string("1-4")),
                (Field.microchipNumber.rawValue, .string(state.microchipNumber?.fieldText)),
                (Key.photo.rawValue, photo(state.photo)),
                (Field.lastSeenDate.rawValue, .string(state.lastSeenDate?.fieldText)),
                (Field.species.rawValue, .string(state.species?.fieldText)),
                (Field.breed.rawValue, .string(state.breed)),
                (Field.gender.rawValue, .string(state.gender?.fieldText)),
                (Field.approximateAge.rawValue, .number(state.approximateAge.map(Double.init))),
                (Field.locationLatitude.rawValue, .number(state.latitude?.degrees)),
                (Field.locationLongitude.rawValue, .number(state.longitude?.degrees)),
                (Field.locationRadius.rawValue, .number(state.locationRadius?.kilometers)),
                (Field.description.rawValue, .string(state.description)),
                (Field.phone.rawValue, .string(state.phone)),
                (Field.email.rawValue, .string(state.email)),
            ] + texts(state.texts, of: AnimalDescriptionCopy.addedTexts.map(\.field), nulls: true))
    }

    /// `{"filename":"luna.jpg","type":"JPG","mimeType":"image/jpeg","byteCount":123}`.
    public static func photo(_ photo: PhotoAttachment?) -> JSONValue {
        guard let photo else { return .null }
        return .object([
            ("filename", .string(photo.filename)),
            ("type", .string(photo.type.rawValue)),
            ("mimeType", .string(photo.type.mimeType)),
            ("byteCount", .number(Double(photo.byteCount))),
        ])
    }
}
