import Geodata
public import PetSpotJSON
public import ReportSteps

/// The JSON the report wizards print at the end, keys in a fixed, documented order: what
/// `petspot report missing|found` prints, what the report pages send to `POST /v1/reports/…`,
/// and what those routes read (``ReportSubmission``).
public enum ReportJSON {
    /// The Found report's request body (`POST /api/v1/announcements`), exactly the fields
    /// of `FoundReportPayload`: no caregiver phone, no address. Absent optionals are left out.
    ///
    /// `{"status":"FOUND","lastSeenDate":"2025-11-18","species":"CAT","gender":"FEMALE",
    /// "locationLatitude":50.06143,"locationLongitude":19.93658,"phone":"+48123456789",
    /// "email":"finder@example.com"}`
    public static func found(_ payload: FoundReportPayload) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("status", .string(payload.status)),
            ("lastSeenDate", .string(payload.lastSeenDate)),
            ("species", .string(payload.species)),
        ]
        if let breed = payload.breed { members.append(("breed", .string(breed))) }
        members += [
            ("gender", .string(payload.gender)),
            ("locationLatitude", .number(payload.locationLatitude)),
            ("locationLongitude", .number(payload.locationLongitude)),
        ]
        if let chip = payload.microchipNumber { members.append(("microchipNumber", .string(chip))) }
        if let description = payload.description { members.append(("description", .string(description))) }
        members += [("phone", .string(payload.phone)), ("email", .string(payload.email))]
        return .object(members)
    }

    /// The Missing flow's state after *Contact details* (all four steps):
    /// `{"flow":"missing","steps":"1-4","microchipNumber":"123456789012345"|null,"photo":{…},
    /// "disappearanceDate":…,"animalSpecies":"dog","animalRace":…,"animalGender":"FEMALE",
    /// "animalAge":3|null,"latitude":52.2297|null,"longitude":…,
    /// "animalAdditionalDescription":…|null,"phone":"+48123456789"|null,"email":…|null}`.
    public static func missing(_ state: ReportMissingPetFlowState) -> JSONValue {
        .object([
            ("flow", .string("missing")),
            ("steps", .string("1-4")),
            ("microchipNumber", .string(state.microchipNumber?.digits)),
            ("photo", photo(state.photo)),
            ("disappearanceDate", .string(state.disappearanceDate?.isoText)),
            ("animalSpecies", .string(state.animalSpecies?.id)),
            ("animalRace", .string(state.animalRace)),
            ("animalGender", .string(state.animalGender?.rawValue)),
            ("animalAge", .number(state.animalAge.map(Double.init))),
            ("latitude", .number(state.latitude?.degrees)),
            ("longitude", .number(state.longitude?.degrees)),
            ("animalAdditionalDescription", .string(state.animalAdditionalDescription)),
            ("phone", .string(state.phone)),
            ("email", .string(state.email)),
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
