public import Foundation

/// How long an open report lasts without being renewed, by kind: a missing report 90 days, a
/// found one 30 by default (`petspot serve --missing-max-age-days`, `--found-max-age-days`).
/// An open report whose ``PetReport/renewedAt`` is older closes itself (status `CLOSED`); its
/// owner renews it (`POST /v1/reports/{id}/renew`) to keep it open.
///
/// ```swift
/// let lifetimes = ReportLifetimes(missingDays: 90, foundDays: 30)
/// lifetimes.cutoff(for: .found, now: now)     // now − 30 days: reports renewed before it close
/// ```
public struct ReportLifetimes: Sendable, Hashable {
    /// The days a missing report stays open without renewal.
    public var missingDays: Int
    /// The days a found report stays open without renewal.
    public var foundDays: Int

    /// The days a lifetime may be: 1 to 3650 (ten years).
    public static let dayRange = 1...3650
    /// 90 days.
    public static let defaultMissingDays = 90
    /// 30 days.
    public static let defaultFoundDays = 30

    /// Lifetimes of `missingDays` and `foundDays` (kept within ``dayRange``).
    public init(missingDays: Int = defaultMissingDays, foundDays: Int = defaultFoundDays) {
        self.missingDays = min(max(missingDays, Self.dayRange.lowerBound), Self.dayRange.upperBound)
        self.foundDays = min(max(foundDays, Self.dayRange.lowerBound), Self.dayRange.upperBound)
    }

    /// The days a report of `kind` stays open without renewal.
    public func days(of kind: ReportKind) -> Int {
        switch kind {
        case .missing: missingDays
        case .found: foundDays
        }
    }

    /// The time before which an open report of `kind` renewed then has outlived its lifetime.
    public func cutoff(for kind: ReportKind, now: Date) -> Date {
        now.addingTimeInterval(-Double(days(of: kind)) * 86_400)
    }
}
