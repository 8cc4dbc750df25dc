public import ReportStore

/// What ``ReportKeeper/create(_:photo:idempotencyKey:owner:)`` came to: the report as stored,
/// and whether it was stored now or made before with the same idempotency key.
public struct ReportCreation: Sendable {
    /// The report as the store keeps it: the one made now, or the one the key made before.
    public let report: PetReport
    /// The owner's token, given this once: `nil` for a replay (it went to the first answer) and
    /// for a report made without an owner (the command line's: the operator's alone).
    public let ownerToken: OwnerToken?
    /// `true` when the idempotency key made this report before and nothing was stored now.
    public let replayed: Bool
}
