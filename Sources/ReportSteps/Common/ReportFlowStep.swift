/// A step of a report flow, as front ends name and order it: the flows' `Step` enums
/// (``MissingReportMachine/Step``, ``FoundReportMachine/Step``) are the one place the steps
/// and their order are written (their raw values count from 1); a page's sections, the step
/// API's paths and the progress chips take their names and numbers from here.
///
/// ```swift
/// MissingReportMachine.Step.allCases.map(\.name)   // ["microchip", "animalPhoto", "animalDescription", "contactDetails"]
/// FoundReportMachine.Step.petDetails.next?.name     // "contactInfo"
/// FoundReportMachine.Step.petDetails.progress       // "2/3"
/// ```
public protocol ReportFlowStep: RawRepresentable, CaseIterable, Hashable, Sendable
where RawValue == Int, AllCases == [Self] {
    /// `true` for the step with a photo instead of fields.
    var isPhoto: Bool { get }
    /// The top of the step's screen: its title, heading and body.
    var intro: StepIntro { get }
}

extension ReportFlowStep {
    /// The step's name: `"animalDescription"`.
    public var name: String { String(describing: self) }

    /// The step named `name`, if any.
    public init?(name: String) {
        guard let step = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = step
    }

    /// The navigation title: `"Animal description"`.
    public var screenTitle: String { intro.screenTitle }

    /// The progress chip: `"3/4"` (FR-002 of spec 004, 017's chips).
    public var progress: String { "\(rawValue)/\(Self.allCases.count)" }

    /// The step after this one; `nil` on the last (whose Continue is Submit report).
    public var next: Self? { Self(rawValue: rawValue + 1) }

    /// The step before this one; `nil` on the first (Back leaves the wizard).
    public var previous: Self? { Self(rawValue: rawValue - 1) }
}
