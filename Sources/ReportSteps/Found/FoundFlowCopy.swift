import ReportStore

/// The English copy of the Found-pet wizard (spec 004 FR-017), its inline messages and
/// accessibility identifiers (`{screen}.{element}.{action}`).
public enum FoundFlowCopy {
    /// *Pet details*, step 2/3.
    public enum PetDetails {
        /// The screen's title, heading and body.
        public static let intro = StepIntro(
            screen: "foundPetDetails", screenTitle: "Pet details", heading: "Pet details",
            body: "Tell us what you know about the animal you found.")
        /// Date found label.
        public static let dateLabel = "Date found"
        /// Date found placeholder.
        public static let datePlaceholder = "DD/MM/YYYY"
        /// Species label (existing pattern).
        public static let speciesLabel = "Animal species"
        /// Species placeholder.
        public static let speciesPlaceholder = "Select an option"
        /// Breed label (FR-015: optional).
        public static let breedLabel = "Breed (optional)"
        /// Sex label.
        public static let sexLabel = "Sex"
        /// Collar data label.
        public static let collarLabel = "Collar data (optional)"
        /// Collar data placeholder.
        public static let collarPlaceholder = "00000-00000-00000"
        /// Additional description label.
        public static let descriptionLabel = "Additional description (optional)"
        /// Additional description placeholder.
        public static let descriptionPlaceholder = "Any details that could help identify the pet..."
        /// GPS button.
        public static let gpsButton = "Use current location"
        /// Primary button.
        public static let continueTitle = "Continue"
        /// Description length limit.
        public static let descriptionLimit = 500
        /// The free texts this flow adds to the step, after its coordinates (``TextFieldCopy``:
        /// a report field with its label, placeholder and identifier; the step asks for it,
        /// the report keeps it, the card shows it). None yet.
        public static let addedTexts: [TextFieldCopy] = []

        /// Inline message: no date.
        public static let dateRequired = "Please select the date found"
        /// Inline message: a future date (cannot happen through ``FoundPetDetailsStep/selectDate(_:)``).
        public static let dateInFuture = ReportDateCopy.inFuture
        /// Inline message: a date before ``CalendarDay/earliestReportable``.
        public static let dateTooEarly = ReportDateCopy.tooEarly
        /// Inline message: no species.
        public static let speciesRequired = "Please select a species"
        /// Inline message: no sex.
        public static let sexRequired = "Please select the sex"

        /// Identifiers.
        public enum ID {
            /// Date field.
            public static let datePicker = "foundPetDetails.datePicker.tap"
            /// Species dropdown.
            public static let speciesDropdown = "foundPetDetails.speciesDropdown.tap"
            /// Breed field.
            public static let breedTextField = "foundPetDetails.breedTextField.input"
            /// Female card.
            public static let sexFemale = "foundPetDetails.sexFemale.tap"
            /// Male card.
            public static let sexMale = "foundPetDetails.sexMale.tap"
            /// Collar data field.
            public static let collarTextField = "foundPetDetails.collarDataTextField.input"
            /// Description text area.
            public static let descriptionTextArea = "foundPetDetails.descriptionTextArea.input"
            /// Continue button.
            public static let continueButton = "foundPetDetails.continueButton.tap"
        }
    }

    /// *Contact information*, step 3/3.
    public enum Contact {
        /// The screen's title, heading and body (with the typographic apostrophe of the spec).
        public static let intro = StepIntro(
            screen: "foundContact", screenTitle: "Contact info", heading: "Contact information",
            body: "Share your contact details so the pet\u{2019}s owner can reach you.")
        /// Phone label.
        public static let phoneLabel = "Your phone number"
        /// Phone placeholder (also the caregiver's).
        public static let phonePlaceholder = "+1 (555) 000-0000"
        /// Email label.
        public static let emailLabel = "Your email"
        /// Email placeholder.
        public static let emailPlaceholder = "email@example.com"
        /// Caregiver phone label.
        public static let caregiverPhoneLabel = "Caregiver phone number (optional)"
        /// Address label.
        public static let addressLabel = "Current physical address (optional)"
        /// Address placeholder.
        public static let addressPlaceholder = "Full address where the animal is currently located"
        /// Primary button.
        public static let submitTitle = "Submit report"
        /// The address cap: 500 characters, like the descriptions (spec 004 edge cases).
        public static let addressLimit = 500

        /// Inline message: empty phone.
        public static let phoneRequired = "Please enter your phone number"
        /// Inline message: a phone without 7–11 digits (also the caregiver's).
        public static let phoneInvalid = "Enter a valid phone number (7–11 digits)"
        /// Inline message: empty email.
        public static let emailRequired = "Please enter your email"
        /// Inline message: not `local@domain.tld`.
        public static let emailInvalid = "Enter a valid email address"

        /// Identifiers.
        public enum ID {
            /// Phone field.
            public static let phoneTextField = "foundContact.phoneTextField.input"
            /// Email field.
            public static let emailTextField = "foundContact.emailTextField.input"
            /// Caregiver phone field.
            public static let caregiverPhoneTextField = "foundContact.caregiverPhoneTextField.input"
            /// Address text area.
            public static let addressTextArea = "foundContact.addressTextArea.input"
            /// Submit button.
            public static let submitButton = "foundContact.submitButton.tap"
        }
    }

    /// Shown when Submit is tapped again while the report is being sent.
    public static let submitting = "Sending your report\u{2026}"
    /// Shown when sending the report failed; everything is kept and Submit retries.
    public static let submissionFailed = "We couldn\u{2019}t send your report. Check your connection and try again."
}
