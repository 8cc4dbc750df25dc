/// A requirement of a protocol that an implementation broke, as a contract check found it
/// (``ReportStoreContract``, ``ReportPhotosContract``): the requirement, and what was seen.
///
/// ```swift
/// let violations = await ReportStoreContract.check { try SQLiteReportStore(path: path) }
/// violations.first?.requirement                  // .nearby
/// violations.first?.description                  // "nearby: a closed report is still found nearby"
/// ```
public struct ContractViolation<Requirement>: Sendable, Hashable, CustomStringConvertible
where Requirement: RawRepresentable & Sendable & Hashable, Requirement.RawValue == String {
    /// Which requirement.
    public let requirement: Requirement
    /// What was seen instead, or how the check failed (`threw …`).
    public let finding: String

    /// A violation of `requirement`.
    public init(_ requirement: Requirement, _ finding: String) {
        self.requirement = requirement
        self.finding = finding
    }

    /// `requirement: finding`, the sentence a failed test prints.
    public var description: String { "\(requirement.rawValue): \(finding)" }
}

/// What ``ReportStoreContract`` finds.
public typealias ReportStoreViolation = ContractViolation<ReportStoreContract.Requirement>

/// What ``ReportPhotosContract`` finds.
public typealias ReportPhotosViolation = ContractViolation<ReportPhotosContract.Requirement>

/// What ``AlertStoreContract`` finds.
public typealias AlertStoreViolation = ContractViolation<AlertStoreContract.Requirement>
