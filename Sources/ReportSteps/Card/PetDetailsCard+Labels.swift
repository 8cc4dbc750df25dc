extension PetDetailsCard {
    /// The labels that differ between the card of a missing report and of a found one (spec
    /// 004 names the found pet's date "Date found" and its reporter the finder).
    public struct Labels: Sendable, Hashable {
        /// "Date of Disappearance" / "Date found".
        public let date: String
        /// "Contact owner" / "Contact finder".
        public let contact: String
        /// "Place of Disappearance" / "Place found".
        public let place: String

        /// A missing report's card.
        public static let missing = Labels(
            date: "Date of Disappearance", contact: "Contact owner", place: "Place of Disappearance")
        /// The caregiver phone's row (spec 004 US3; the form's label without "(optional)").
        public static let caregiverPhone = "Caregiver phone number"
        /// The current address's row (spec 004 US3).
        public static let currentAddress = "Current physical address"

        /// A found report's card.
        public static let found = Labels(date: "Date found", contact: "Contact finder", place: "Place found")
    }
}
