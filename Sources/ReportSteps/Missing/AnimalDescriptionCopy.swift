import ReportStore

/// The English copy and accessibility identifiers of the Missing flow's *Animal
/// description* step (spec 000; identifiers follow `{screen}.{element}.{action}`, FR-016).
public enum AnimalDescriptionCopy {
    /// The title (FR-001; its progress chip is the step's, 3/4).
    public static let intro = StepIntro(screen: "animalDescription", screenTitle: "Animal description")
    /// Date field label (FR-003).
    public static let dateLabel = "Date of disappearance"
    /// Species dropdown label.
    public static let speciesLabel = "Animal species"
    /// Species dropdown placeholder (FR-005).
    public static let speciesPlaceholder = "Select an option"
    /// Race field label (FR-006).
    public static let raceLabel = "Animal race"
    /// Race field placeholder while disabled / enabled.
    public static let racePlaceholderDisabled = "Select a species first"
    /// Race field placeholder once a species is chosen.
    public static let racePlaceholder = "e.g. Labrador"
    /// Gender selector label.
    public static let genderLabel = "Gender"
    /// Age field label (FR-008).
    public static let ageLabel = "Animal age (optional)"
    /// Age field placeholder.
    public static let agePlaceholder = "0–40"
    /// Description label (FR-011).
    public static let descriptionLabel = "Animal additional description (optional)"
    /// Description placeholder.
    public static let descriptionPlaceholder = "Any details that could help identify the pet..."
    /// Search radius dropdown label (spec 003's `locationRadius`).
    public static let radiusLabel = "Search radius"
    /// Under the search radius dropdown.
    public static let radiusHint =
        "How far from the last known position your pet may be. Found pets and sightings within it are matched to your report."
    /// The primary button (FR-012).
    public static let continueTitle = "Continue"

    /// Inline message: no species.
    public static let speciesRequired = "Please select a species"
    /// Inline message: no race.
    public static let raceRequired = "Please enter the race"
    /// Inline message: no gender.
    public static let genderRequired = "Please select a gender"
    /// Inline message: age not a whole number 0…40.
    public static let ageInvalid = "Age must be a whole number from 0 to 40"
    /// Inline message: a date after today (cannot happen through ``AnimalDescriptionStep/selectDate(_:)``).
    public static let dateInFuture = ReportDateCopy.inFuture
    /// Inline message: a date before ``CalendarDay/earliestReportable``.
    public static let dateTooEarly = ReportDateCopy.tooEarly

    /// Under the race field after a species change cleared it (FR-006 clears the race; this
    /// says so): `Cleared because the species changed (it was “Beagle”).`
    public static func raceCleared(previous: String) -> String {
        "Cleared because the species changed (it was \u{201C}\(previous)\u{201D})."
    }

    /// The free texts this flow adds to the step, after its coordinates (``TextFieldCopy``: a
    /// report field with its label, placeholder and identifier; the step asks for it, the
    /// report keeps it, the card shows it). None yet.
    public static let addedTexts: [TextFieldCopy] = []

    /// Maximum description length (FR-011).
    public static let descriptionLimit = 500
    /// Largest age in years (FR-008).
    public static let maximumAge = 40

    /// Accessibility identifiers.
    public enum ID {
        /// Back arrow.
        public static let back = "animalDescription.backButton.tap"
        /// Date picker (research notes 002 §7).
        public static let datePicker = "animalDescription.datePicker.tap"
        /// Species dropdown (research notes 002 §1).
        public static let speciesDropdown = "animalDescription.speciesDropdown.tap"
        /// Race text field.
        public static let raceTextField = "animalDescription.raceTextField.input"
        /// Female card.
        public static let genderFemale = "animalDescription.genderFemale.tap"
        /// Male card.
        public static let genderMale = "animalDescription.genderMale.tap"
        /// Age text field.
        public static let ageTextField = "animalDescription.ageTextField.input"
        /// Description text area.
        public static let descriptionTextArea = "animalDescription.descriptionTextArea.input"
        /// Latitude field (research notes 002 §1).
        public static let latitudeTextField = "animalDescription.latitudeTextField.input"
        /// Longitude field (research notes 002 §1).
        public static let longitudeTextField = "animalDescription.longitudeTextField.input"
        /// Search radius dropdown.
        public static let radiusDropdown = "animalDescription.radiusDropdown.tap"
        /// A search radius entry: the dropdown's identifier and its kilometres in words, as
        /// identifiers end in letters (`animalDescription.radiusDropdown.tap.fifteen`).
        public static func radiusOption(kilometers: Int) -> String {
            let words = [1: "one", 2: "two", 5: "five", 10: "ten", 15: "fifteen", 25: "twentyfive", 50: "fifty"]
            return "\(radiusDropdown).\(words[kilometers] ?? "other")"
        }
        /// Request GPS position button (research notes 002 §1).
        public static let requestGPSButton = "animalDescription.requestGPSButton.tap"
        /// Continue button.
        public static let continueButton = "animalDescription.continueButton.tap"
    }
}
