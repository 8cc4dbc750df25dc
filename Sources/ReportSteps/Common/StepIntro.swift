/// The top of a step's screen, as every front end shows it: the navigation title, and the
/// heading and body under it where the design has them. `screen` is the screen's part of its
/// accessibility identifiers (`{screen}.{element}.{action}`). The progress chip is not here:
/// it is the step's place in its flow (``ReportFlowStep/progress``).
///
/// ```swift
/// FoundReportMachine.Step.contactInfo.intro.heading   // "Contact information"
/// MissingReportMachine.Step.microchip.screenTitle     // "Microchip number"
/// ```
public struct StepIntro: Sendable, Hashable {
    /// The screen's part of the identifiers: `"foundContact"`.
    public var screen: String
    /// The navigation title: `"Contact info"`.
    public var screenTitle: String
    /// The heading, when the design has one: `"Contact information"`.
    public var heading: String?
    /// The text under the heading, when the design has one.
    public var body: String?

    /// A step's top: `screen`'s title, and its heading and body where it has them.
    public init(screen: String, screenTitle: String, heading: String? = nil, body: String? = nil) {
        self.screen = screen
        self.screenTitle = screenTitle
        self.heading = heading
        self.body = body
    }
}
