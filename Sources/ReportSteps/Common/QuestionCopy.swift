/// A question a front end asks before something that cannot be undone — Cancel's
/// (``WizardNavigationCopy/cancelQuestion``), a page's Remove Report — with its two answers:
/// one that keeps everything and closes the question, one that goes ahead.
///
/// ```swift
/// WizardNavigationCopy.cancelQuestion.confirmTitle     // "Cancel report"
/// ```
public struct QuestionCopy: Sendable, Hashable {
    /// The title.
    public let title: String
    /// The body.
    public let message: String
    /// The answer that keeps everything and closes the question.
    public let keepTitle: String
    /// Its identifier.
    public let keepAccessibilityIdentifier: String
    /// The answer that goes ahead.
    public let confirmTitle: String
    /// Its identifier.
    public let confirmAccessibilityIdentifier: String

    /// A question from its texts and identifiers.
    public init(
        title: String, message: String, keepTitle: String, keepAccessibilityIdentifier: String,
        confirmTitle: String, confirmAccessibilityIdentifier: String
    ) {
        self.title = title
        self.message = message
        self.keepTitle = keepTitle
        self.keepAccessibilityIdentifier = keepAccessibilityIdentifier
        self.confirmTitle = confirmTitle
        self.confirmAccessibilityIdentifier = confirmAccessibilityIdentifier
    }
}
