public import Geodata
public import Geodesy

/// The in-process nearby index of a store, kept in step with it: `NearbySearch` over the open
/// missing reports (in identifier order), plus the changes made since it was built. Each report
/// keeps its ``MatchFacts`` beside its place, so a found report's matches are ranked from the
/// index alone (``ReportMatch/facts``), without reading thousands of rows.
///
/// A change never rebuilds the whole index: an added or reopened report goes to a small
/// list searched report by report, a closed or removed one to a set the results are filtered
/// by. When the changes pass ``rebuildThreshold``, the next query folds them in (one
/// O(n log n) build). Results are always exactly those of a fresh `NearbySearch` over the
/// current reports in identifier order.
///
/// ```swift
/// var index = LiveNearbyIndex(entries: open)        // open missing reports, any order
/// index.upsert(entry)                               // a new or reopened report
/// index.remove(id: "r-9")                           // closed or removed
/// index.matches(near: foundAt, margin: .zero)       // [ReportMatch], nearest first
/// ```
public struct LiveNearbyIndex: Sendable {
    /// An open missing report as the index keeps it (``PetReport/indexEntry``): its place and
    /// radius for the search, its species and day for ranking its matches.
    public struct Entry: Sendable, Hashable {
        /// The place and radius.
        public var report: NearbyReport
        /// The species and day, as stored.
        public var facts: MatchFacts

        /// An entry from its parts.
        public init(report: NearbyReport, facts: MatchFacts) {
            self.report = report
            self.facts = facts
        }
    }

    /// The indexed reports, in identifier order.
    private var base: NearbySearch
    /// The facts of `base.reports`, position by position.
    private var baseFacts: [MatchFacts]
    /// Identifiers of `base` that are no longer open (or were replaced by `added`).
    private var hidden: Set<String> = []
    /// Reports open since `base` was built, by identifier.
    private var added: [String: Entry] = [:]

    /// How many changes are searched one by one before the index is rebuilt.
    public let rebuildThreshold: Int

    /// Indexes `entries` (sorted by identifier here when they are not already).
    public init(entries: [Entry], rebuildThreshold: Int = 4096) {
        let sorted = Self.isSorted(entries) ? entries : entries.sorted { ReportID.precedes($0.report.id, $1.report.id) }
        base = NearbySearch(reports: sorted.map(\.report))
        baseFacts = sorted.map(\.facts)
        self.rebuildThreshold = rebuildThreshold
    }

    /// How many open missing reports the index holds.
    public var count: Int { base.reports.count - hidden.count + added.count }

    /// A report that is open now (new, reopened, or changed).
    public mutating func upsert(_ entry: Entry) {
        upsert(contentsOf: [entry])
    }

    /// Reports that are open now, many at once (an import): one rebuild at most.
    public mutating func upsert(contentsOf entries: [Entry]) {
        for entry in entries {
            if baseIndex(of: entry.report.id) != nil { hidden.insert(entry.report.id) }
            added[entry.report.id] = entry
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
    /// identifier, each with its ``ReportMatch/facts``.
    public func matches(near location: Coordinate, margin: SearchRadius) -> [ReportMatch] {
        var found: [ReportMatch] = []
        for match in base.matches(near: location, margin: margin) where !hidden.contains(match.report.id) {
            found.append(ReportMatch(match, facts: baseFacts[match.index]))
        }
        if !added.isEmpty {
            let extra = Array(added.values)
            for match in NearbySearch(reports: extra.map(\.report)).matches(near: location, margin: margin) {
                found.append(ReportMatch(match, facts: extra[match.index].facts))
            }
            found.sort { $0.precedes($1) }
        }
        return found
    }

    /// Folds the changes into a new base once there are more than ``rebuildThreshold``.
    private mutating func compactIfNeeded() {
        guard hidden.count + added.count > rebuildThreshold else { return }
        var entries = zip(base.reports, baseFacts).filter { !hidden.contains($0.0.id) }.map {
            Entry(report: $0.0, facts: $0.1)
        }
        entries.append(contentsOf: added.values)
        entries.sort { ReportID.precedes($0.report.id, $1.report.id) }
        base = NearbySearch(reports: entries.map(\.report))
        baseFacts = entries.map(\.facts)
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

    private static func isSorted(_ entries: [Entry]) -> Bool {
        zip(entries, entries.dropFirst()).allSatisfy { ReportID.precedes($0.report.id, $1.report.id) }
    }
}
