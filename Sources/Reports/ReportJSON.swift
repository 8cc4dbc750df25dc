import Geodata
public import PetSpotJSON
public import ReportSteps

/// The JSON of reports, keys in a fixed, documented order, every field named by its key type
/// (the steps' ``ReportField``s, and ``Key`` for what is not typed on a form) and every value
/// written by its ``FieldValue`` codec: what `petspot report missing|found` prints, what
/// `POST /v1/reports/missing|found` reads (the same names), and the stored reports the store
/// routes and `petspot reports` answer (``report(_:)``).
public enum ReportJSON {
    /// The members of a report that no form field has.
    public enum Key: String, CaseIterable, Sendable {
        /// The report's identifier.
        case id
        /// `missing` or `found`.
        case kind
        /// `ACTIVE`, `FOUND`, `CLOSED`.
        case status
        /// The wizard that made the report (`missing`).
        case flow
        /// Which steps the report went through (`1-4`).
        case steps
        /// The photo the wizard checked: file name, type and size.
        case photo
        /// The photo's URL.
        case photoUrl
        /// The place's name: `"Warsaw"`.
        case location
        /// The search radius around the place, kilometres.
        case locationRadius
        /// Reward text, shown as is.
        case reward
        /// The secret that makes its holder the report's owner, given once (``OwnerToken``).
        case ownerToken
    }

    typealias Description = AnimalDescriptionStep.Field
    typealias Details = FoundPetDetailsStep.Field
    typealias Contact = ContactDetailsStep.Field
    typealias FoundContact = ContactInfoStep.Field

    /// The Found report's request body (`POST /api/v1/announcements`), exactly the fields
    /// of `FoundReportPayload`. Absent optionals are left out.
    ///
    /// Members in this order: `status` (`FOUND`), `lastSeenDate` (`2025-11-18`), `species`
    /// (`CAT`), `breed`, `gender` (`FEMALE`), `locationLatitude`, `locationLongitude`,
    /// `microchipNumber`, `description`, `phone`, `email`, `caregiverPhone`, `currentAddress`.
    public static func found(_ payload: FoundReportPayload) -> JSONValue {
        var members: [(String, JSONValue)] = [
            (Key.status.rawValue, .string(payload.status)),
            (Details.lastSeenDate.rawValue, .string(payload.lastSeenDate)),
            (Details.species.rawValue, .string(payload.species)),
        ]
        if let breed = payload.breed { members.append((Details.breed.rawValue, .string(breed))) }
        members += [
            (Details.gender.rawValue, .string(payload.gender)),
            (Details.locationLatitude.rawValue, .number(payload.locationLatitude)),
            (Details.locationLongitude.rawValue, .number(payload.locationLongitude)),
        ]
        if let chip = payload.microchipNumber { members.append((Details.microchipNumber.rawValue, .string(chip))) }
        if let description = payload.description {
            members.append((Details.description.rawValue, .string(description)))
        }
        members += [(Contact.phone.rawValue, .string(payload.phone)), (Contact.email.rawValue, .string(payload.email))]
        if let phone = payload.caregiverPhone { members.append((FoundContact.caregiverPhone.rawValue, .string(phone))) }
        if let address = payload.currentAddress {
            members.append((FoundContact.currentAddress.rawValue, .string(address)))
        }
        return .object(members)
    }

    /// The Missing flow's state after *Contact details* (all four steps), by the same names
    /// as the Found report's, every member present (`null` when absent), in this order:
    /// `flow` (`missing`), `steps` (`1-4`), `microchipNumber`, `photo` (``photo(_:)``),
    /// `lastSeenDate`, `species` (`DOG`), `breed`, `gender` (`FEMALE`), `approximateAge`,
    /// `locationLatitude`, `locationLongitude`, `description`, `phone`, `email`.
    public static func missing(_ state: ReportMissingPetFlowState) -> JSONValue {
        .object([
            (Key.flow.rawValue, .string("missing")),
            (Key.steps.rawValue, .string("1-4")),
            (MicrochipStep.Field.microchipNumber.rawValue, .string(state.microchipNumber?.fieldText)),
            (Key.photo.rawValue, photo(state.photo)),
            (Description.lastSeenDate.rawValue, .string(state.disappearanceDate?.fieldText)),
            (Description.species.rawValue, .string(state.animalSpecies?.fieldText)),
            (Description.breed.rawValue, .string(state.animalRace)),
            (Description.gender.rawValue, .string(state.animalGender?.fieldText)),
            (Description.approximateAge.rawValue, .number(state.animalAge.map(Double.init))),
            (Description.locationLatitude.rawValue, .number(state.latitude?.degrees)),
            (Description.locationLongitude.rawValue, .number(state.longitude?.degrees)),
            (Description.description.rawValue, .string(state.animalAdditionalDescription)),
            (Contact.phone.rawValue, .string(state.phone)),
            (Contact.email.rawValue, .string(state.email)),
        ])
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
