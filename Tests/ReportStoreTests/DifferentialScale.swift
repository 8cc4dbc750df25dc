import Foundation

/// The size of the differential tests (`NearestReportsTests`, `ReportMatchingTests`): the
/// suite's own by default, larger when `PETSPOT_DIFFERENTIAL_REPORTS` names a number of
/// reports — `Benchmarks/Scripts/differential.sh` runs them with 100,000 reports and about
/// 1,000 queries each, as issue 32 asks.
enum DifferentialScale {
    /// The reports the environment asks for, or `standard`.
    static func reports(standard: Int) -> Int {
        guard let text = ProcessInfo.processInfo.environment["PETSPOT_DIFFERENTIAL_REPORTS"],
            let count = Int(text), count > 0
        else { return standard }
        return count
    }

    /// Whether the environment asks for a larger run than the suite's own.
    static var isLarge: Bool { reports(standard: 0) > 0 }
}
