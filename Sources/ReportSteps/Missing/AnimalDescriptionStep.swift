import Geodata

/// The Missing flow's *Animal description* step (3/4, spec 000) as a value-type state
/// machine: a front end renders its field models and forwards edits; Continue validates
/// everything and either writes the flow state or returns the toast with one inline
/// message per field.
///
/// Validation is on submit (spec 000, 2025-11-28): no message appears before Continue. After
/// it, a field that shows a message is checked again whenever it changes, so a corrected
/// value loses its message at once and a value still wrong shows the message that fits it.
///
/// ```swift
/// var state = ReportMissingPetFlowState()
/// var step = AnimalDescriptionStep(state: state, today: .fixed(try CalendarDay(year: 2025, month: 11, day: 18)))
/// step.continueTapped(writingTo: &state)    // .stay(Toast("Please correct the highlighted fields"))
/// step.speciesError                         // "Please select a species"
/// step.selectSpecies(SpeciesTaxonomy.options[0]); step.setBreed("Beagle"); step.selectGender(.female)
/// step.continueTapped(writingTo: &state)    // .advance; state.breed == "Beagle"
/// ```
public struct AnimalDescriptionStep: Sendable {
    /// Where "today" comes from: the default date and the latest selectable one.
    public let today: Today
    /// Date of disappearance; defaults to today (FR-003).
    public var date: CalendarDay { dateEntry.day ?? today.day() }
    /// The chosen species (FR-005).
    public private(set) var species: SpeciesTaxonomyOption?
    /// The breed (the form's race): empty and disabled until a species is chosen (FR-006).
    public private(set) var breedText: String
    /// Female or Male (FR-007).
    public private(set) var gender: AnimalGender?
    /// The age text as typed (FR-008).
    public private(set) var ageText: String
    /// Additional description, hard-limited to 500 characters (FR-011).
    public private(set) var additionalDescription: LimitedText
    /// The latitude/longitude block with the Request GPS position button.
    public var coordinates: CoordinateFields
    /// How far around the position the pet may be; ``SearchRadiusChoice/standard`` (10 km)
    /// until the owner chooses another.
    public private(set) var radius: SearchRadiusChoice
    /// The free texts the flow's copy adds to the step (``AnimalDescriptionCopy/addedTexts``).
    var addedTexts: AddedTexts

    /// Date of disappearance (always one: today by default) and its inline message.
    var dateEntry: ReportDateEntry
    /// Inline message of the date field after the last Continue (or a day out of bounds typed
    /// into a page's date input).
    public var dateError: String? { dateEntry.error }
    /// Inline message of the species dropdown after the last Continue.
    public private(set) var speciesError: String?
    /// Inline message of the breed (race) field after the last Continue.
    public private(set) var breedError: String?
    /// Inline message of the gender selector after the last Continue.
    public private(set) var genderError: String?
    /// Inline message of the age field after the last Continue.
    public private(set) var ageError: String?
    /// Said under the breed (race) field after a species change cleared a typed race (FR-006
    /// clears it; a person should not lose text without a word), until the race is typed again.
    public private(set) var breedClearedNotice: String?

    /// The step showing what `state` already holds (or the defaults).
    public init(state: ReportMissingPetFlowState, today: Today) {
        self.today = today
        dateEntry = ReportDateEntry(state.lastSeenDate ?? today.day())
        species = state.species
        breedText = state.breed ?? ""
        gender = state.gender
        ageText = state.approximateAge.map(String.init) ?? ""
        additionalDescription = LimitedText(
            limit: AnimalDescriptionCopy.descriptionLimit, value: state.description ?? "")
        coordinates = CoordinateFields(
            requirement: .missingPetFlow, copy: .missingFlow, coordinate: state.coordinate)
        radius = state.locationRadius.flatMap(SearchRadiusChoice.init(radius:)) ?? .standard
        addedTexts = AddedTexts(AnimalDescriptionCopy.addedTexts, showing: state.texts)
    }

    // MARK: Edits

    /// The latest day the date picker offers: today (future days are disabled).
    public var latestSelectableDate: CalendarDay { today.day() }

    /// Picks a date. A day after today is refused, as the picker blocks it (FR-003), and so is
    /// one before ``CalendarDay/earliestReportable``.
    ///
    /// - Returns: `false` (and no change) for a future day or one before 1900.
    @discardableResult
    public mutating func selectDate(_ day: CalendarDay) -> Bool { dateEntry.select(day, latest: latestSelectableDate) }

    /// Why `day` cannot be the date: after today or before 1900; `nil` when it can.
    public func dateMessage(_ day: CalendarDay) -> String? {
        day.reportDateMessage(latest: latestSelectableDate)
    }

    /// Picks a species; a different species clears the race (FR-006), and ``breedClearedNotice``
    /// says so when there was a race to clear.
    ///
    /// - Returns: `true` when a typed race was cleared.
    @discardableResult
    public mutating func selectSpecies(_ option: SpeciesTaxonomyOption?) -> Bool {
        var cleared = false
        if option != species, let previous = breedText.trimmedNonEmpty {
            breedClearedNotice = AnimalDescriptionCopy.raceCleared(previous: previous)
            cleared = true
        }
        if option != species { breedText = "" }
        species = option
        if speciesError != nil { speciesError = speciesMessage }
        if breedError != nil { breedError = breedMessage }
        return cleared
    }

    /// Types the breed (the form's race). Ignored while no species is chosen (the field is
    /// disabled).
    public mutating func setBreed(_ text: String) {
        guard species != nil else { return }
        breedText = text
        breedClearedNotice = nil
        if breedError != nil { breedError = breedMessage }
    }

    /// Picks Female or Male (the cards are mutually exclusive).
    public mutating func selectGender(_ value: AnimalGender?) {
        gender = value
        if genderError != nil { genderError = genderMessage }
    }

    /// Types the age.
    public mutating func setAge(_ text: String) {
        ageText = text
        if ageError != nil { ageError = ageMessage }
    }

    /// Picks a search radius; `nil` (a page's emptied dropdown) is the default, 10 km.
    public mutating func selectRadius(_ choice: SearchRadiusChoice?) {
        radius = choice ?? .standard
    }

    /// Types or pastes the description; text past 500 characters is dropped.
    ///
    /// - Returns: `true` when the text was truncated.
    @discardableResult
    public mutating func setAdditionalDescription(_ text: String) -> Bool {
        additionalDescription.set(text)
    }

    // MARK: Continue

    /// Validates every field (FR-012). When all are valid, writes them to `state` and
    /// returns ``StepOutcome/advance``; otherwise sets one inline message per bad field,
    /// leaves `state` untouched and returns the "Please correct the highlighted fields" toast.
    public mutating func continueTapped(writingTo state: inout ReportMissingPetFlowState) -> StepOutcome {
        dateEntry.error = dateMessage(date)
        speciesError = speciesMessage
        let race = breedText.trimmedNonEmpty
        breedError = breedMessage
        genderError = genderMessage
        let age = AgeInput(ageText)
        ageError = ageMessage
        let location = coordinates.validate()

        guard dateError == nil, speciesError == nil, breedError == nil, genderError == nil, ageError == nil,
            location.isValid, let species, let race, let gender
        else { return .stay(.correctHighlightedFields) }

        state.lastSeenDate = date
        state.species = species
        state.breed = race
        state.gender = gender
        state.approximateAge = age.years
        state.latitude = location.coordinate?.latitude
        state.longitude = location.coordinate?.longitude
        state.locationRadius = radius.radius
        state.description = additionalDescription.trimmedValue
        addedTexts.write(into: &state.texts)
        return .advance
    }

    // MARK: Field rules (Continue sets the messages; an edit re-checks a field that shows one)

    private var speciesMessage: String? { species == nil ? AnimalDescriptionCopy.speciesRequired : nil }
    private var breedMessage: String? {
        species != nil && breedText.trimmedNonEmpty == nil ? AnimalDescriptionCopy.raceRequired : nil
    }
    private var genderMessage: String? { gender == nil ? AnimalDescriptionCopy.genderRequired : nil }
    private var ageMessage: String? { AgeInput(ageText) == .invalid ? AnimalDescriptionCopy.ageInvalid : nil }

    /// The age field's text read: empty, whole years 0…40, or invalid (negative, decimal,
    /// letters, over 40).
    enum AgeInput: Equatable {
        case empty
        case years(Int)
        case invalid

        init(_ text: String) {
            guard let trimmed = text.trimmedNonEmpty else {
                self = .empty
                return
            }
            guard trimmed.count <= 3, trimmed.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(trimmed),
                value <= AnimalDescriptionCopy.maximumAge
            else {
                self = .invalid
                return
            }
            self = .years(value)
        }

        var years: Int? {
            if case .years(let value) = self { value } else { nil }
        }
    }
}
