/// The controls every front end shows around a step: the back arrow, Cancel, and the
/// question Cancel asks before it clears the report (spec 004 FR-004: cancelling clears the
/// in-progress data; a new start is a fresh session), with `{screen}.{element}.{action}`
/// identifiers (spec 000 FR-016).
///
/// ```swift
/// WizardNavigationCopy.backAccessibilityIdentifier(screen: "foundPetDetails")   // "foundPetDetails.backButton.tap"
/// WizardNavigationCopy.cancelQuestion.title                                     // "Cancel this report?"
/// ```
public enum WizardNavigationCopy {
    /// The back arrow's label (the arrow itself is drawn).
    public static let backTitle = "Back"
    /// The control that leaves the wizard.
    public static let cancelTitle = "Cancel"

    /// The question Cancel asks: nothing is cleared until the person confirms.
    public static let cancelQuestion = QuestionCopy(
        title: "Cancel this report?", message: "Everything you entered on every step will be cleared.",
        keepTitle: "Keep editing", keepAccessibilityIdentifier: "cancelReportAlert.keepEditing.tap",
        confirmTitle: "Cancel report", confirmAccessibilityIdentifier: "cancelReportAlert.confirm.tap")

    /// The back arrow's identifier on `screen` (`"animalDescription"` gives
    /// ``AnimalDescriptionCopy/ID/back``).
    public static func backAccessibilityIdentifier(screen: String) -> String { "\(screen).backButton.tap" }

    /// The Cancel control's identifier on `screen`.
    public static func cancelAccessibilityIdentifier(screen: String) -> String { "\(screen).cancelButton.tap" }
}
