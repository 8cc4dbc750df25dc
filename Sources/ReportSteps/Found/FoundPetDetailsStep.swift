import Geodata

/// The Found flow's *Pet details* step (2/3, spec 004 FR-007–FR-009) as a value-type state
/// machine. Found location is required: both latitude and longitude, typed or filled by
/// "Use current location" (Geodata's Found-flow rule).
///
/// ```swift
/// var state = ReportFoundPetFlowState()
/// var step = FoundPetDetailsStep(state: state, today: .system())
/// step.setMicrochip("123456789012")
/// step.microchipField.text                    // "12345-67890-12"
/// step.setMicrochip("12345a")                 // false: refused, the old value stays
/// step.microchipError                         // "Digits only (spaces and hyphens are fine), …"
/// step.continueTapped(writingTo: &state)      // .stay(…): date, species, sex and location missing
/// ```
public struct FoundPetDetailsStep: Sendable {
    /// Where "today" comes from (the latest selectable date).
    public let today: Today
    /// The date found; empty until picked (the field shows `DD/MM/YYYY`).
    public var date: CalendarDay? { dateEntry.day }
    /// The species.
    public private(set) var species: SpeciesTaxonomyOption?
    /// The breed text (optional).
    public private(set) var breedText: String
    /// The sex (the report's gender).
    public private(set) var gender: AnimalGender?
    /// Additional description, at most 500 characters.
    public private(set) var additionalDescription: LimitedText
    /// The found-location block with the Use current location button.
    public var coordinates: CoordinateFields
    /// Collar data (the microchip number: digits only, at most 15) and the message of its last
    /// refused entry.
    var chip: MicrochipEntry
    /// The free texts the flow's copy adds to the step (``FoundFlowCopy/PetDetails/addedTexts``).
    var addedTexts: AddedTexts

    /// The date found and its inline message.
    var dateEntry: ReportDateEntry
    /// Inline message of the date field after the last Continue (or a day out of bounds typed
    /// into a page's date input).
    public var dateError: String? { dateEntry.error }
    /// Inline message of the species dropdown after the last Continue.
    public private(set) var speciesError: String?
    /// Inline message of the sex selector after the last Continue.
    public private(set) var genderError: String?

    /// Collar data: digits only, at most 15.
    public var microchip: MicrochipNumber { chip.number }
    /// Why the last Collar data entry was refused (``MicrochipNumber/EntryError``); the stored
    /// number stayed as it was. Cleared by an accepted entry or Continue.
    public var microchipError: String? { chip.error }

    /// The step showing what `state` holds.
    public init(state: ReportFoundPetFlowState, today: Today) {
        self.today = today
        dateEntry = ReportDateEntry(state.lastSeenDate)
        species = state.species
        breedText = state.breed ?? ""
        gender = state.gender
        chip = MicrochipEntry(state.microchipNumber)
        additionalDescription = LimitedText(
            limit: FoundFlowCopy.PetDetails.descriptionLimit, value: state.description ?? "")
        coordinates = CoordinateFields(requirement: .foundPetFlow, copy: .foundFlow, coordinate: state.coordinate)
        addedTexts = AddedTexts(FoundFlowCopy.PetDetails.addedTexts, showing: state.texts)
    }

    /// Picks the date found; a day after today, or before ``CalendarDay/earliestReportable``,
    /// is refused.
    ///
    /// - Returns: `false` (and no change) for a future day or one before 1900.
    @discardableResult
    public mutating func selectDate(_ day: CalendarDay) -> Bool { dateEntry.select(day, latest: today.day()) }

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

    /// Picks the sex (the report's gender).
    public mutating func selectGender(_ value: AnimalGender?) {
        gender = value
        if genderError != nil { genderError = genderMessage }
    }

    /// Enters the collar data as a whole (``MicrochipNumber/init(validating:)``): digits, with
    /// spaces and hyphens ignored, at most 15. Anything else is refused — the stored number
    /// stays and ``microchipError`` says why — never cut or filtered silently.
    ///
    /// - Returns: `true` when the entry was taken.
    @discardableResult
    public mutating func setMicrochip(_ text: String) -> Bool { chip.set(text) }

    /// What a page's input does with its text after a burst of keystrokes
    /// (``MicrochipNumber/type(_:into:)``): the digits an input that filters keystrokes keeps
    /// are taken, and ``microchipError`` says what was left out. A page sends its field's whole
    /// text after a pause; refusing it whole (``setMicrochip(_:)``, the terminal's line) would
    /// take back the digits accepted before the one too many.
    public mutating func typeMicrochip(_ text: String) { chip.type(text) }

    /// Types or pastes the description; text past 500 characters is dropped.
    ///
    /// - Returns: `true` when the text was truncated.
    @discardableResult
    public mutating func setAdditionalDescription(_ text: String) -> Bool { additionalDescription.set(text) }

    /// Validates every field; when all are valid writes them to `state` and advances,
    /// otherwise sets the inline messages and returns the "Please correct the highlighted
    /// fields" toast.
    public mutating func continueTapped(writingTo state: inout ReportFoundPetFlowState) -> StepOutcome {
        dateEntry.error = date.map(dateMessage) ?? FoundFlowCopy.PetDetails.dateRequired
        speciesError = speciesMessage
        genderError = genderMessage
        let number = chip.continued()
        let location = coordinates.validate()
        guard dateError == nil, speciesError == nil, genderError == nil, let date, let species, let gender,
            let coordinate = location.coordinate
        else { return .stay(.correctHighlightedFields) }

        state.lastSeenDate = date
        state.species = species
        state.breed = breedText.trimmedNonEmpty
        state.gender = gender
        state.coordinate = coordinate
        state.microchipNumber = number
        state.description = additionalDescription.trimmedValue
        addedTexts.write(into: &state.texts)
        return .advance
    }

    private var speciesMessage: String? { species == nil ? FoundFlowCopy.PetDetails.speciesRequired : nil }
    private var genderMessage: String? { gender == nil ? FoundFlowCopy.PetDetails.sexRequired : nil }

}
