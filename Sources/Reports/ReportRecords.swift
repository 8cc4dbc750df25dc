public import Geodata
public import ReportSteps
public import ReportStore

/// The reports the wizards produce, as the store keeps them: one conversion for the CLI's
/// `report missing|found --save` and for `POST /v1/reports/missing|found`.
public enum ReportRecords {
    /// The radius of a missing report that does not say: the Missing flow's default
    /// (``SearchRadiusChoice/standard``).
    public static let defaultMissingRadius: SearchRadius = SearchRadiusChoice.standard.radius

    /// What a missing report has beyond what the wizard asks (the place's name, the search
    /// radius, a photo URL, a reward; a phone or email given here wins over the wizard's).
    public struct MissingExtras: Sendable, Hashable {
        /// The place's name: `"Warsaw"`.
        public var place: String?
        /// The search radius, over the one the flow chose; the flow's, or else
        /// ``ReportRecords/defaultMissingRadius``, when `nil` and the report has a place.
        public var radius: SearchRadius?
        /// Contact phone (sanitized).
        public var phone: String?
        /// Contact email.
        public var email: String?
        /// The photo's URL.
        public var photoUrl: String?
        /// Reward text.
        public var reward: String?

        /// No extras: set the ones a report has.
        public init() {}
    }

    /// A new `ACTIVE` missing report from the Missing flow's state (its microchip number and
    /// contact; `extras` win where both have one).
    public static func missing(
        _ state: ReportMissingPetFlowState, extras: MissingExtras = MissingExtras(), id: String = ReportID.generate()
    )
        -> PetReport
    {
        var report = PetReport(id: id, kind: .missing)
        report.coordinate = state.coordinate
        report.radius = state.coordinate == nil ? nil : (extras.radius ?? state.locationRadius ?? defaultMissingRadius)
        report.place = extras.place
        report.lastSeenDate = state.lastSeenDate?.fieldText
        report.species = state.species?.fieldText
        report.breed = state.breed
        report.gender = state.gender?.fieldText
        report.approximateAge = state.approximateAge
        report.description = state.description
        report.microchipNumber = state.microchipNumber?.fieldText
        report.phone = extras.phone ?? state.phone
        report.email = extras.email ?? state.email
        report.photoUrl = extras.photoUrl
        report.reward = extras.reward
        setTexts(state.texts, in: &report)
        return report
    }

    /// A new found report (status `FOUND`) from the payload *Submit report* sends.
    public static func found(
        _ payload: FoundReportPayload, place: String? = nil, photoUrl: String? = nil, id: String = ReportID.generate()
    ) -> PetReport {
        var report = PetReport(id: id, kind: .found, status: .found)
        report.coordinate = try? .init(latitude: payload.locationLatitude, longitude: payload.locationLongitude)
        report.place = place
        report.lastSeenDate = payload.lastSeenDate
        report.species = payload.species
        report.breed = payload.breed
        report.gender = payload.gender
        report.microchipNumber = payload.microchipNumber
        report.description = payload.description
        report.phone = payload.phone
        report.email = payload.email
        report.caregiverPhone = payload.caregiverPhone
        report.currentAddress = payload.currentAddress
        report.photoUrl = photoUrl
        setTexts(payload.texts, in: &report)
        return report
    }

    /// The texts a flow's copy adds (``TextFieldCopy``), each in its field of `report`.
    static func setTexts(_ texts: [ReportField: String], in report: inout PetReport) {
        for (field, text) in texts { field.setText(text, in: &report) }
    }
}
