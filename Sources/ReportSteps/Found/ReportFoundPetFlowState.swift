public import Geodata

/// What the Found-pet wizard has collected (spec 004 FR-015): kept while the wizard is
/// active, cleared on cancel (FR-004).
public struct ReportFoundPetFlowState: Sendable, Hashable {
    /// Step 1: the photo.
    public var photo: PhotoAttachment?
    /// Step 2: the day the animal was found.
    public var dateFound: CalendarDay?
    /// Step 2: the species.
    public var species: SpeciesTaxonomyOption?
    /// Step 2: the breed, if known.
    public var breed: String?
    /// Step 2: the sex.
    public var sex: AnimalGender?
    /// Step 2: where it was found (required).
    public var foundLocation: Coordinate?
    /// Step 2: collar data, digits only (optional).
    public var microchipNumber: MicrochipNumber?
    /// Step 2: additional description (optional).
    public var additionalDescription: String?
    /// Step 3: the finder's phone, sanitized (digits and `+`).
    public var phone: String?
    /// Step 3: the finder's email.
    public var email: String?
    /// Step 3: caregiver phone, sanitized (optional; sent and stored, issue 32).
    public var caregiverPhone: String?
    /// Step 3: where the animal is now (optional, multi-line; sent and stored, issue 32).
    public var currentAddress: String?

    /// An empty state.
    public init() {}
}
