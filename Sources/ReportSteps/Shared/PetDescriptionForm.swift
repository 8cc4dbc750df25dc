import Geodata
import ReportStore

/// What the two flows' steps describing the animal share — the Missing flow's *Animal
/// description* (``AnimalDescriptionStep``) and the Found flow's *Pet details*
/// (``FoundPetDetailsStep``): the date, species, breed, gender and description, the
/// coordinates and the texts the flow's copy adds, entered and read by field name the same
/// way. Each step keeps its own rules, copy and extra fields; its ``FieldForm`` switch leaves
/// these fields to ``sharedText(of:)`` and ``enterShared(_:in:as:)``.
protocol PetDescriptionForm: FieldForm {
    /// Where "today" comes from: the latest day the date field takes.
    var today: Today { get }
    /// The date field.
    var dateEntry: ReportDateEntry { get set }
    /// The species.
    var species: SpeciesTaxonomyOption? { get }
    /// The breed text.
    var breedText: String { get }
    /// The report's gender (the Found flow's Sex).
    var gender: AnimalGender? { get }
    /// The additional description, with its limit.
    var additionalDescription: LimitedText { get }
    /// The latitude/longitude block.
    var coordinates: CoordinateFields { get set }
    /// The free texts the flow's copy adds to the step.
    var addedTexts: AddedTexts { get set }

    /// Types the breed (through the step's rule).
    mutating func setBreed(_ text: String)
    /// Picks the gender.
    mutating func selectGender(_ value: AnimalGender?)
    /// Types or pastes the description; `true` when it was truncated.
    @discardableResult
    mutating func setAdditionalDescription(_ text: String) -> Bool
}

extension PetDescriptionForm {
    /// The text of a field both steps have (``FieldForm/text(of:)``); an added text's, or `""`,
    /// for any other field.
    func sharedText(of field: ReportField) -> String {
        switch field {
        case .lastSeenDate: dateEntry.day?.fieldText ?? ""
        case .species: species?.fieldText ?? ""
        case .breed: breedText
        case .gender: gender?.fieldText ?? ""
        case .description: additionalDescription.value
        case .locationLatitude: coordinates.latitudeText
        case .locationLongitude: coordinates.longitudeText
        default: addedTexts.text(of: field)
        }
    }

    /// Enters `text` in a field both steps have but the species (``FieldForm/enter(_:in:as:)``),
    /// through the step's setter: a whole breed of more than ``FieldEntry/maximumFreeText``
    /// characters, or a whole description over its limit, is refused. Any other field is an
    /// added text's, or ignored.
    ///
    /// - Throws: ``FieldTextError`` when the field does not take the text.
    mutating func enterShared(_ text: String, in field: ReportField, as entry: FieldEntry) throws(FieldTextError) {
        switch field {
        case .lastSeenDate: try dateEntry.enter(text, as: entry, latest: today.day())
        case .breed: setBreed(try Self.limited(text, FieldEntry.maximumFreeText, entry))
        case .gender: selectGender(try Self.choice(text, entry))
        case .description: setAdditionalDescription(try Self.limited(text, additionalDescription.limit, entry))
        case .locationLatitude: coordinates.latitudeText = text
        case .locationLongitude: coordinates.longitudeText = text
        default: try addedTexts.enter(text, in: field, as: entry)
        }
    }

    /// The inline messages of the coordinates after the last Continue, latitude first.
    var coordinateErrors: [(ReportField, String?)] {
        [
            (.locationLatitude, coordinates.latitudeError?.description),
            (.locationLongitude, coordinates.longitudeError?.description),
        ]
    }
}
