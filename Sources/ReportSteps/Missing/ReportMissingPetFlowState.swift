public import Geodata

/// What the Missing-pet wizard has collected so far (steps 1–4): flat optionals shared by the steps
/// (spec 000 "Key entities"). A step writes its values here when Continue succeeds; the
/// state lives until the flow completes or is cancelled (``MissingPetReportFlow``).
///
/// The GPS capture time is deliberately absent: only the coordinates are kept (FR-009).
public struct ReportMissingPetFlowState: Sendable, Hashable {
    /// Step 1: the microchip number (optional).
    public var microchipNumber: MicrochipNumber?
    /// Step 2: the photo.
    public var photo: PhotoAttachment?
    /// Step 3: the day the pet disappeared.
    public var disappearanceDate: CalendarDay?
    /// Step 3: the species.
    public var animalSpecies: SpeciesTaxonomyOption?
    /// Step 3: the race (breed).
    public var animalRace: String?
    /// Step 3: the sex.
    public var animalGender: AnimalGender?
    /// Step 3: the age in whole years, 0…40.
    public var animalAge: Int?
    /// Step 3: last known latitude.
    public var latitude: Latitude?
    /// Step 3: last known longitude.
    public var longitude: Longitude?
    /// Step 3: additional description, at most 500 characters.
    public var animalAdditionalDescription: String?
    /// Step 4: the owner's phone number, sanitized (digits and `+`); this or ``email`` is set.
    public var phone: String?
    /// Step 4: the owner's email, trimmed; this or ``phone`` is set.
    public var email: String?

    /// An empty state.
    public init() {}

    /// The last known position, when both coordinates are set.
    public var coordinate: Coordinate? {
        guard let latitude, let longitude else { return nil }
        return Coordinate(latitude: latitude, longitude: longitude)
    }
}
