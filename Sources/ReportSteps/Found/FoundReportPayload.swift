import Geodata
public import ReportStore

/// The body of the found-report request to the backend (`POST /api/v1/announcements`).
///
/// Built from a complete ``ReportFoundPetFlowState``. Spec 004 (FR-016) kept the caregiver
/// phone and the current address out of it only because its backend could not store them;
/// this package is the backend and stores them (issue 32), so they are part of it when given.
/// The photo is uploaded alongside, not inside the JSON.
///
/// Its properties are the backend's keys, the report's fields (``ReportField``) the *Pet
/// details* and *Contact information* steps ask for: `status`, `lastSeenDate`, `species`,
/// `breed`, `gender`, `locationLatitude`, `locationLongitude`, `microchipNumber`, `description`,
/// `phone`, `email`, `caregiverPhone`, `currentAddress`, then the texts the flow's copy adds
/// (``texts``); each value is its field's text (``FieldValue``): `2025-11-18`, `DOG`, `MALE`,
/// the microchip's digits.
public struct FoundReportPayload: Sendable, Hashable {
    /// Always `"FOUND"`.
    public var status = "FOUND"
    /// The date found, `YYYY-MM-DD`.
    public var lastSeenDate: String
    /// The species identifier in upper case: `"DOG"`.
    public var species: String
    /// The breed, if given.
    public var breed: String?
    /// `"MALE"` or `"FEMALE"`.
    public var gender: String
    /// Found location latitude, degrees.
    public var locationLatitude: Double
    /// Found location longitude, degrees.
    public var locationLongitude: Double
    /// Collar data digits, if given.
    public var microchipNumber: String?
    /// Additional description, if given.
    public var description: String?
    /// The finder's phone, sanitized.
    public var phone: String
    /// The finder's email.
    public var email: String
    /// The caregiver's phone, sanitized, if given.
    public var caregiverPhone: String?
    /// Where the animal is now (several lines), if given.
    public var currentAddress: String?
    /// The texts the flow's copy adds to its steps (``TextFieldCopy``), by field, if given.
    public var texts: [ReportField: String]

    /// The payload of `state`, or `nil` when a required value is missing (a step was not
    /// completed).
    public init?(state: ReportFoundPetFlowState) {
        guard let date = state.lastSeenDate, let species = state.species, let gender = state.gender,
            let location = state.coordinate, let phone = state.phone, let email = state.email
        else { return nil }
        lastSeenDate = date.fieldText
        self.species = species.fieldText
        breed = state.breed
        self.gender = gender.fieldText
        locationLatitude = location.latitude.degrees
        locationLongitude = location.longitude.degrees
        microchipNumber = state.microchipNumber?.fieldText
        description = state.description
        self.phone = phone
        self.email = email
        caregiverPhone = state.caregiverPhone
        currentAddress = state.currentAddress
        texts = state.texts
    }
}

/// Sends a found report: the front end's network layer.
public protocol FoundReportSubmitting: Sendable {
    /// Sends `payload` with `photo`.
    ///
    /// - Returns: the new announcement's identifier.
    /// - Throws: any error when the report could not be sent (network, server); the flow keeps
    ///   everything and the person can retry. A ``FoundReportSubmissionFailure`` says what
    ///   failed in words, and the toast shows that instead of the generic
    ///   ``FoundFlowCopy/submissionFailed``.
    func submit(_ payload: FoundReportPayload, photo: PhotoAttachment) async throws -> String
}

/// A failed send that knows what went wrong: its ``message`` becomes the toast and
/// ``FoundPetReportFlow/Submission/failed(message:)``, so a person is not told to check a
/// connection when the cause was something else (a folder that does not exist, a full disk).
///
/// ```swift
/// throw FoundReportSubmissionFailure("We couldn’t write your report: the folder out does not exist.")
/// ```
public struct FoundReportSubmissionFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// What the person sees.
    public var message: String

    /// A failure saying `message`.
    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
