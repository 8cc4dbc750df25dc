public import Geodata
public import ReportStore

/// What the Missing-pet wizard has collected so far (steps 1–4): flat optionals shared by the
/// steps (spec 000 "Key entities"), each named as the report's field it becomes
/// (``ReportField``: spec 000 called the date, species, race, gender, age and description
/// `disappearanceDate`, `animalSpecies`, `animalRace`, `animalGender`, `animalAge` and
/// `animalAdditionalDescription`). A step writes its values here when Continue succeeds; the
/// state lives until the flow completes or is cancelled (``MissingPetReportFlow``).
///
/// The GPS capture time is deliberately absent: only the coordinates are kept (FR-009).
public struct ReportMissingPetFlowState: Sendable, Hashable {
    /// Step 1: the microchip number (optional).
    public var microchipNumber: MicrochipNumber?
    /// Step 2: the photo.
    public var photo: PhotoAttachment?
    /// Step 3: the day the pet disappeared.
    public var lastSeenDate: CalendarDay?
    /// Step 3: the species.
    public var species: SpeciesTaxonomyOption?
    /// Step 3: the breed (the form's race).
    public var breed: String?
    /// Step 3: the sex (the form's gender).
    public var gender: AnimalGender?
    /// Step 3: the age in whole years, 0…40.
    public var approximateAge: Int?
    /// Step 3: last known latitude.
    public var latitude: Latitude?
    /// Step 3: last known longitude.
    public var longitude: Longitude?
    /// Step 3: how far around the last known position the pet may be (``SearchRadiusChoice``).
    public var locationRadius: SearchRadius?
    /// Step 3: additional description, at most 500 characters.
    public var description: String?
    /// Step 4: the owner's phone number, sanitized (digits and `+`); this or ``email`` is set.
    public var phone: String?
    /// Step 4: the owner's email, trimmed; this or ``phone`` is set.
    public var email: String?
    /// The free texts the flow's copy adds to its steps (``TextFieldCopy``), trimmed, by field.
    public var texts: [ReportField: String] = [:]

    /// An empty state.
    public init() {}

    /// The last known position, when both coordinates are set.
    public var coordinate: Coordinate? {
        guard let latitude, let longitude else { return nil }
        return Coordinate(latitude: latitude, longitude: longitude)
    }
}
