import Geodata

/// The Found flow's *Pet details* step (2/3, spec 004 FR-007–FR-009) as a value-type state
/// machine. Found location is required: both latitude and longitude, typed or filled by
/// "Use current location" (Geodata's Found-flow rule).
///
/// ```swift
/// var state = ReportFoundPetFlowState()
/// var step = FoundPetDetailsStep(state: state, today: .system())
/// step.setCollarData("123456789012")
/// step.collarField.text                       // "12345-67890-12"
/// step.setCollarData("12345a")                // false: refused, the old value stays
/// step.collarError                            // "Digits only (spaces and hyphens are fine), …"
/// step.continueTapped(writingTo: &state)      // .stay(…): date, species, sex and location missing
/// ```
public struct FoundPetDetailsStep: Sendable {
    /// Where "today" comes from (the latest selectable date).
    public let today: Today
    /// The date found; empty until picked (the field shows `DD/MM/YYYY`).
    public private(set) var date: CalendarDay?
    /// The species.
    public private(set) var species: SpeciesTaxonomyOption?
    /// The breed text (optional).
    public private(set) var breedText: String
    /// The sex.
    public private(set) var sex: AnimalGender?
    /// Additional description, at most 500 characters.
    public private(set) var additionalDescription: LimitedText
    /// The found-location block with the Use current location button.
    public var coordinates: CoordinateFields
    /// Collar data (digits only, at most 15) and the message of its last refused entry.
    var collar: MicrochipEntry

    /// Inline message of the date field after the last Continue.
    public internal(set) var dateError: String?
    /// Inline message of the species dropdown after the last Continue.
    public private(set) var speciesError: String?
    /// Inline message of the sex selector after the last Continue.
    public private(set) var sexError: String?

    /// Collar data: digits only, at most 15.
    public var microchip: MicrochipNumber { collar.number }
    /// Why the last Collar data entry was refused (``MicrochipNumber/EntryError``); the stored
    /// number stayed as it was. Cleared by an accepted entry or Continue.
    public var collarError: String? { collar.error }

    /// The step showing what `state` holds.
    public init(state: ReportFoundPetFlowState, today: Today) {
        self.today = today
        date = state.dateFound
        species = state.species
        breedText = state.breed ?? ""
        sex = state.sex
        collar = MicrochipEntry(state.microchipNumber)
        additionalDescription = LimitedText(
            limit: FoundFlowCopy.PetDetails.descriptionLimit, value: state.additionalDescription ?? "")
        coordinates = CoordinateFields(requirement: .foundPetFlow, copy: .foundFlow, coordinate: state.foundLocation)
    }

    /// Picks the date found; a day after today, or before ``CalendarDay/earliestReportable``,
    /// is refused.
    ///
    /// - Returns: `false` (and no change) for a future day or one before 1900.
    @discardableResult
    public mutating func selectDate(_ day: CalendarDay) -> Bool {
        guard dateMessage(day) == nil else { return false }
        date = day
        dateError = nil
        return true
    }

    /// Why `day` cannot be the date found: after today or before 1900; `nil` when it can.
    public func dateMessage(_ day: CalendarDay) -> String? {
        day.reportDateMessage(latest: today.day())
    }

    /// Picks the species.
    public mutating func selectSpecies(_ option: SpeciesTaxonomyOption?) {
        species = option
        if speciesError != nil { speciesError = speciesMessage }
    }

    /// Types the breed.
    public mutating func setBreed(_ text: String) { breedText = text }

    /// Picks the sex.
    public mutating func selectSex(_ value: AnimalGender?) {
        sex = value
        if sexError != nil { sexError = sexMessage }
    }

    /// Enters the collar data as a whole (``MicrochipNumber/init(validating:)``): digits, with
    /// spaces and hyphens ignored, at most 15. Anything else is refused — the stored number
    /// stays and ``collarError`` says why — never cut or filtered silently.
    ///
    /// - Returns: `true` when the entry was taken.
    @discardableResult
    public mutating func setCollarData(_ text: String) -> Bool { collar.set(text) }

    /// What a page's input does with its text after a burst of keystrokes
    /// (``MicrochipNumber/type(_:into:)``): the digits an input that filters keystrokes keeps
    /// are taken, and ``collarError`` says what was left out. A page sends its field's whole
    /// text after a pause; refusing it whole (``setCollarData(_:)``, the terminal's line) would
    /// take back the digits accepted before the one too many.
    public mutating func typeCollarData(_ text: String) { collar.type(text) }

    /// Types or pastes the description; text past 500 characters is dropped.
    ///
    /// - Returns: `true` when the text was truncated.
    @discardableResult
    public mutating func setAdditionalDescription(_ text: String) -> Bool { additionalDescription.set(text) }

    /// Validates every field; when all are valid writes them to `state` and advances,
    /// otherwise sets the inline messages and returns the "Please correct the highlighted
    /// fields" toast.
    public mutating func continueTapped(writingTo state: inout ReportFoundPetFlowState) -> StepOutcome {
        dateError = date.map(dateMessage) ?? FoundFlowCopy.PetDetails.dateRequired
        speciesError = speciesMessage
        sexError = sexMessage
        let chip = collar.continued()
        let location = coordinates.validate()
        guard dateError == nil, speciesError == nil, sexError == nil, let date, let species, let sex,
            let coordinate = location.coordinate
        else { return .stay(.correctHighlightedFields) }

        state.dateFound = date
        state.species = species
        state.breed = breedText.trimmedNonEmpty
        state.sex = sex
        state.foundLocation = coordinate
        state.microchipNumber = chip
        state.additionalDescription = additionalDescription.trimmedValue
        return .advance
    }

    private var speciesMessage: String? { species == nil ? FoundFlowCopy.PetDetails.speciesRequired : nil }
    private var sexMessage: String? { sex == nil ? FoundFlowCopy.PetDetails.sexRequired : nil }

}
