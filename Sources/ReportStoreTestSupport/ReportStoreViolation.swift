/// A requirement of `ReportStore` a store broke, as ``ReportStoreContract`` found it.
///
/// ```swift
/// let violations = await ReportStoreContract.check { try SQLiteReportStore(path: path) }
/// violations.first?.requirement                  // .nearby
/// violations.first?.description                  // "nearby: a closed report is still found nearby"
/// ```
public struct ReportStoreViolation: Sendable, Hashable, CustomStringConvertible {
    /// The part of the contract a check belongs to.
    public enum Requirement: String, Sendable, Hashable, CaseIterable {
        /// The store opens.
        case opening = "opening the store"
        /// A new store is empty.
        case newStore = "a new store"
        /// What is added reads back as it was added.
        case addingAndReading = "adding and reading"
        /// Duplicate ids and invalid reports are refused, and change nothing.
        case refusals = "duplicates and invalid reports"
        /// Listing is in id order by bytes, in pages that continue.
        case listing
        /// Status changes and removals last and reach nearby search.
        case statusAndRemoval = "status and removal"
        /// Imports are all or nothing and list every problem by line.
        case imports
        /// Imports of hundreds of rows, in an engine's batches.
        case largeImports = "large imports"
        /// Nearby answers what `NearbySearch` answers.
        case nearby
        /// What was acknowledged lasts across closing and opening again.
        case reopening
    }

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
