/// A step of a report flow, as front ends name and order it: the flows' `Step` enums
/// (``MissingReportMachine/Step``, ``FoundReportMachine/Step``) are the one place the steps
/// and their order are written; a page's sections and the step API's paths take their
/// names from here.
///
/// ```swift
/// MissingReportMachine.Step.allCases.map(\.name)   // ["microchip", "animalPhoto", "animalDescription", "contactDetails"]
/// FoundReportMachine.Step.petDetails.next?.name     // "contactInfo"
/// ```
public protocol ReportFlowStep: CaseIterable, Hashable, Sendable where AllCases == [Self] {
    /// The step's name: `"animalDescription"`.
    var name: String { get }
    /// The progress chip: `"3/4"`.
    var progress: String { get }
    /// `true` for the step with a photo instead of fields.
    var isPhoto: Bool { get }
    /// The step after this one; `nil` on the last (whose Continue is Submit report).
    var next: Self? { get }
}

extension MissingReportMachine.Step: ReportFlowStep {}
extension FoundReportMachine.Step: ReportFlowStep {}
