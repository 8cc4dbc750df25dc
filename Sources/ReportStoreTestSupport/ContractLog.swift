import ReportStore

/// A contract's findings as its checks run (``ReportStoreContract``, ``AlertStoreContract``,
/// ``SightingStoreContract``): each check appends what it saw to a list of its own, which
/// becomes violations of its requirement; a check that throws is a violation too.
struct ContractLog<Requirement>
where Requirement: RawRepresentable & Sendable & Hashable, Requirement.RawValue == String {
    /// What was found so far.
    private(set) var violations: [ContractViolation<Requirement>] = []

    /// Runs `body`, a check of `requirement`; what it appends, or its error, is a violation.
    mutating func run(_ requirement: Requirement, _ body: (inout [String]) async throws -> Void) async {
        var found: [String] = []
        do {
            try await body(&found)
        } catch {
            found.append("threw \(error)")
        }
        violations += found.map { ContractViolation(requirement, $0) }
    }

    /// Opens a store and runs `checks` on it; a store that does not open is the one violation,
    /// of `opening`.
    static func checking(
        _ opening: Requirement, open: @Sendable () async throws -> any ReportStore,
        _ checks: (any ReportStore, inout ContractLog) async -> Void
    ) async -> [ContractViolation<Requirement>] {
        let store: any ReportStore
        do {
            store = try await open()
        } catch {
            return [ContractViolation(opening, "could not open the store: \(error)")]
        }
        var log = ContractLog()
        await checks(store, &log)
        return log.violations
    }
}
