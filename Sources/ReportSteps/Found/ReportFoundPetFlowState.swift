public import Geodata
public import ReportStore

/// What the Found-pet wizard has collected (spec 004 FR-015), each value named as the report's
/// field it becomes (``ReportField``): kept while the wizard is active, cleared on cancel
/// (FR-004).
public struct ReportFoundPetFlowState: Sendable, Hashable {
    /// Step 1: the photo.
    public var photo: PhotoAttachment?
    /// Step 2: the day the animal was found.
    public var lastSeenDate: CalendarDay?
    /// Step 2: the species.
    public var species: SpeciesTaxonomyOption?
    /// Step 2: the breed, if known.
    public var breed: String?
    /// Step 2: the sex.
    public var gender: AnimalGender?
    /// Step 2: where it was found (required).
    public var coordinate: Coordinate?
    /// Step 2: collar data, digits only (optional).
    public var microchipNumber: MicrochipNumber?
    /// Step 2: additional description (optional).
    public var description: String?
    /// Step 3: the finder's phone, sanitized (digits and `+`).
    public var phone: String?
    /// Step 3: the finder's email.
    public var email: String?
    /// Step 3: caregiver phone, sanitized (optional; sent and stored, issue 32).
    public var caregiverPhone: String?
    /// Step 3: where the animal is now (optional, multi-line; sent and stored, issue 32).
    public var currentAddress: String?
    /// The free texts the flow's copy adds to its steps (``TextFieldCopy``), trimmed, by field.
    public var texts: [ReportField: String] = [:]

    /// An empty state.
    public init() {}
}
