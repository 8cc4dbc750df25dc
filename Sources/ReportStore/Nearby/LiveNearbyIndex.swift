public import Geodata
public import Geodesy

/// The in-process nearby index of a store, kept in step with it: `NearbySearch` over the open
/// missing reports (in identifier order), plus the changes made since it was built.
///
/// A change never rebuilds the whole index: an added or reopened report goes to a small
/// list searched report by report, a closed or removed one to a set the results are filtered
/// by. When the changes pass ``rebuildThreshold``, the next query folds them in (one
/// O(n log n) build). Results are always exactly those of a fresh `NearbySearch` over the
/// current reports in identifier order.
///
/// ```swift
/// var index = LiveNearbyIndex(reports: open)        // open missing reports, any order
/// index.upsert(report)                              // a new or reopened report
/// index.remove(id: "r-9")                           // closed or removed
/// index.matches(near: foundAt, margin: .zero)       // [ReportMatch], nearest first
/// ```
public struct LiveNearbyIndex: Sendable {
    /// The indexed reports, in identifier order.
    private var base: NearbySearch
    /// Identifiers of `base` that are no longer open (or were replaced by `added`).
    private var hidden: Set<String> = []
    /// Reports open since `base` was built, by identifier.
    private var added: [String: NearbyReport] = [:]

    /// How many changes are searched one by one before the index is rebuilt.
    public let rebuildThreshold: Int

    /// Indexes `reports` (sorted by identifier here when they are not already).
    public init(reports: [NearbyReport], rebuildThreshold: Int = 4096) {
        let sorted = Self.isSorted(reports) ? reports : reports.sorted { ReportID.precedes($0.id, $1.id) }
        base = NearbySearch(reports: sorted)
        self.rebuildThreshold = rebuildThreshold
    }

    /// How many open missing reports the index holds.
    public var count: Int { base.reports.count - hidden.count + added.count }

    /// A report that is open now (new, reopened, or changed).
    public mutating func upsert(_ report: NearbyReport) {
        if baseIndex(of: report.id) != nil { hidden.insert(report.id) }
        added[report.id] = report
        compactIfNeeded()
    }

    /// Reports that are open now, many at once (an import): one rebuild at most.
    public mutating func upsert(contentsOf reports: [NearbyReport]) {
        for report in reports {
            if baseIndex(of: report.id) != nil { hidden.insert(report.id) }
            added[report.id] = report
        }
        compactIfNeeded()
    }

    /// A report that is no longer open (closed, found, removed).
    public mutating func remove(id: String) {
        added[id] = nil
        if baseIndex(of: id) != nil { hidden.insert(id) }
        compactIfNeeded()
    }

    /// The open missing reports within reach of `location`, nearest first, ties by
    /// identifier.
    public func matches(near location: Coordinate, margin: SearchRadius) -> [ReportMatch] {
        var found: [ReportMatch] = []
        for match in base.matches(near: location, margin: margin) where !hidden.contains(match.report.id) {
            found.append(
                ReportMatch(
                    id: match.report.id, coordinate: match.report.coordinate, radius: match.report.radius,
                    meters: match.meters))
        }
        if !added.isEmpty {
            let extra = NearbySearch(reports: Array(added.values)).matches(near: location, margin: margin)
            for match in extra {
                found.append(
                    ReportMatch(
                        id: match.report.id, coordinate: match.report.coordinate, radius: match.report.radius,
                        meters: match.meters))
            }
            found.sort { $0.precedes($1) }
        }
        return found
    }

    /// Folds the changes into a new base once there are more than ``rebuildThreshold``.
    private mutating func compactIfNeeded() {
        guard hidden.count + added.count > rebuildThreshold else { return }
        var reports = base.reports.filter { !hidden.contains($0.id) }
        reports.append(contentsOf: added.values)
        reports.sort { ReportID.precedes($0.id, $1.id) }
        base = NearbySearch(reports: reports)
        hidden = []
        added = [:]
    }

    /// The position of `id` in the base (binary search: the base is in identifier order).
    private func baseIndex(of id: String) -> Int? {
        let reports = base.reports
        var low = 0
        var high = reports.count
        while low < high {
            let middle = (low + high) / 2
            if ReportID.precedes(reports[middle].id, id) { low = middle + 1 } else { high = middle }
        }
        return low < reports.count && reports[low].id == id ? low : nil
    }

    private static func isSorted(_ reports: [NearbyReport]) -> Bool {
        zip(reports, reports.dropFirst()).allSatisfy { ReportID.precedes($0.id, $1.id) }
    }
}
