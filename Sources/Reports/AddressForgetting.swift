import Foundation
public import ReportStore

/// "Forget me" (issue 47, item 7): what the store keeps about one contact address, found and
/// removed: every report whose ``PetReport/email`` is the address, and each one's photo (the
/// command removes the address's subscriptions and mails after, through the store's alert calls).
///
/// The address matches without regard to case or surrounding spaces (`" Owner@Example.COM "`
/// is `owner@example.com`). Every report is removed through ``ReportKeeper/remove(id:)``, as
/// `DELETE /v1/reports/{id}` removes it: the store logs the same removal event, so a server
/// running beside the command drops the report from its live lists.
///
/// ```swift
/// guard let forgetting = AddressForgetting(address: " Owner@Example.COM ") else { return }
/// let keeper = ReportKeeper(store: store, photos: StoreKeptPhotos(keptBy: store))
/// let removals = try await forgetting.forget(with: keeper, dryRun: false) { print($0.id) }
/// ```
public struct AddressForgetting: Sendable {
    /// One report of the address, and what became of it.
    public struct Removal: Sendable, Hashable {
        /// What became of a report.
        public enum Outcome: Sendable, Hashable {
            /// Removed, with its photo.
            case removed
            /// Found only (a dry run): it would be removed.
            case wouldBeRemoved
            /// Removed by someone else (a server beside the command) after it was found.
            case goneMeanwhile
        }

        /// The report's identifier.
        public let id: String
        /// Missing or found.
        public let kind: ReportKind
        /// Whether it had a photo when it was found.
        public let hadPhoto: Bool
        /// What became of it.
        public let outcome: Outcome
    }

    /// The address as given, without its surrounding spaces: what messages name.
    public let address: String
    /// The address compared: ``address`` in lower case.
    private let key: String

    /// The forgetting of `address` (surrounding spaces and new lines dropped); `nil` when
    /// nothing is left of it.
    public init?(address: String) {
        let trimmed = address.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return nil }
        self.address = trimmed
        self.key = Self.key(trimmed)
    }

    /// Whether a report's `email` is this address, without regard to case or surrounding spaces.
    public func matches(_ email: String?) -> Bool {
        guard let email else { return false }
        return Self.key(email) == key
    }

    /// The stored reports of the address, in identifier order.
    ///
    /// Pages through ``ReportStore/list(_:)`` a page of ``ReportListQuery/maximumLimit`` at a
    /// time and keeps the matches: one pass over every report, which suits an operator's
    /// occasional command (there is no index on the address, and no store call that asks for it).
    ///
    /// - Throws: ``ReportStoreError``: an unreachable store.
    public func reports(in store: any ReportStore) async throws(ReportStoreError) -> [PetReport] {
        var query = ReportListQuery(limit: ReportListQuery.maximumLimit)
        var found: [PetReport] = []
        while true {
            let page = try await store.list(query)
            found += page.filter { matches($0.email) }
            guard page.count == query.limit, let last = page.last else { return found }
            query.after = last.id
        }
    }

    /// Removes the address's reports and their photos (with `dryRun`, only finds them), calling
    /// `each` for every one as it is done, so what was removed is known even when a later one
    /// fails.
    ///
    /// - Returns: every report of the address, in identifier order, and what became of it.
    /// - Throws: ``ReportStoreError`` (the store failed; the reports before are removed), or
    ///   ``ReportPhotoError`` when a report is removed but its photo could not be.
    public func forget(
        with keeper: ReportKeeper, dryRun: Bool, each: (Removal) -> Void = { _ in }
    ) async throws -> [Removal] {
        var removals: [Removal] = []
        for report in try await reports(in: keeper.store) {
            let hadPhoto = try await keeper.photos?.type(id: report.id) != nil
            var outcome = Removal.Outcome.wouldBeRemoved
            if !dryRun {
                do throws(ReportKeeperError) {
                    try await keeper.remove(id: report.id)
                    outcome = .removed
                } catch {
                    switch error {
                    case .store(let error) where error.reason == .notFound: outcome = .goneMeanwhile
                    case .store(let error): throw error
                    case .photo(let error): throw error
                    default: throw error
                    }
                }
            }
            let removal = Removal(id: report.id, kind: report.kind, hadPhoto: hadPhoto, outcome: outcome)
            removals.append(removal)
            each(removal)
        }
        return removals
    }

    /// The form two addresses are compared in.
    private static func key(_ address: String) -> String {
        address.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }
}
