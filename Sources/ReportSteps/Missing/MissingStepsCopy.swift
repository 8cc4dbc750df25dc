/// The English copy and accessibility identifiers of the Missing flow's *Microchip number*
/// (1/4) and *Contact details* (4/4) steps. The specs name the rules (spec 004: "the same
/// behavior as the existing iOS Missing pet → Microchip number screen"; FR-010a: the contact
/// rules of the existing report flows) but give no copy for these two screens: the copy is
/// ours, written in the style of the others; identifiers follow `{screen}.{element}.{action}`.
public enum MissingStepsCopy {
    /// *Microchip number*, 1/4.
    public enum Microchip {
        /// The screen's title and body.
        public static let intro = StepIntro(
            screen: "microchipNumber", screenTitle: "Microchip number",
            body:
                "If your pet is microchipped, enter the number: it is the surest way to tell them apart. You can skip this step."
        )
        /// Field label (optional: Continue with it empty).
        public static let label = "Microchip number (optional)"
        /// Field placeholder: how the number is shown.
        public static let placeholder = "00000-00000-00000"
        /// Primary button.
        public static let continueTitle = "Continue"

        /// Identifiers.
        public enum ID {
            /// The number's input.
            public static let textField = "microchipNumber.microchipTextField.input"
            /// Continue.
            public static let continueButton = "microchipNumber.continueButton.tap"
        }
    }

    /// *Contact details*, 4/4.
    public enum Contact {
        /// The screen's title and body.
        public static let intro = StepIntro(
            screen: "missingContactDetails", screenTitle: "Contact details",
            body: "How can someone who finds your pet reach you? Give a phone number, an email, or both.")
        /// Phone label.
        public static let phoneLabel = "Phone number"
        /// Email label.
        public static let emailLabel = "Email"
        /// Primary button.
        public static let submitTitle = "Submit report"
        /// Inline message on both fields when both are empty (at least one is required, as
        /// the Pet details card requires one: spec 003).
        public static let oneRequired = "Enter a phone number or an email"

        /// Identifiers.
        public enum ID {
            /// Phone field.
            public static let phoneTextField = "missingContactDetails.phoneTextField.input"
            /// Email field.
            public static let emailTextField = "missingContactDetails.emailTextField.input"
            /// Submit report.
            public static let submitButton = "missingContactDetails.submitButton.tap"
        }
    }
}
