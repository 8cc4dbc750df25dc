import Foundation
import Geodata

/// The event feed's listeners by where they watch, so that a change finds the clients it may
/// concern without looking at the others: with 10,000 clients watching other towns, a change
/// costs a few dictionary lookups, not 10,000 distance bounds.
///
/// Each area is filed under the one-degree cells its bounding box covers (a box that holds every
/// point ``ReportArea/mayContain(_:)`` accepts); an area whose box is wider than ``maximumCells``
/// or reaches a pole is looked at for every change, as is every client that watches no area.
/// ``candidates(near:)`` is a superset of the listeners whose area may hold a place; the feed
/// still asks each candidate's area.
struct ListenerIndex<Listener> {
    /// Cells an area may cover before it is kept among those looked at for every change.
    static var maximumCells: Int { 64 }

    private var listeners: [Int: Listener] = [:]
    private var cellsOf: [Int: [Int]] = [:]
    private var byCell: [Int: Set<Int>] = [:]
    /// Clients watching every change, or an area too wide to file.
    private var everywhere: Set<Int> = []

    var count: Int { listeners.count }
    var all: Dictionary<Int, Listener>.Values { listeners.values }

    mutating func insert(_ listener: Listener, id: Int, area: ReportArea?) {
        listeners[id] = listener
        guard let area, let cells = Self.cells(of: area) else {
            everywhere.insert(id)
            return
        }
        cellsOf[id] = cells
        for cell in cells { byCell[cell, default: []].insert(id) }
    }

    mutating func remove(id: Int) {
        guard listeners.removeValue(forKey: id) != nil else { return }
        everywhere.remove(id)
        for cell in cellsOf.removeValue(forKey: id) ?? [] {
            byCell[cell]?.remove(id)
            if byCell[cell]?.isEmpty == true { byCell[cell] = nil }
        }
    }

    /// The listeners that watch every change or whose area's cells hold one of `places`
    /// (each once).
    func candidates(near places: [Coordinate]) -> [Listener] {
        var ids = everywhere
        for place in places {
            if let filed = byCell[Self.cell(latitude: place.latitude.degrees, longitude: place.longitude.degrees)] {
                ids.formUnion(filed)
            }
        }
        return ids.compactMap { listeners[$0] }
    }

    /// The cell of a place: one degree of latitude by one of longitude (longitude wrapped).
    static func cell(latitude: Double, longitude: Double) -> Int {
        let row = Int(min(max(latitude.rounded(.down), -90), 90)) + 90
        let column = Self.wrapped(Int(longitude.rounded(.down)))
        return row * 360 + column
    }

    /// A column of degrees east (any whole number) as 0 for 180° W … 359 for 179° E.
    private static func wrapped(_ column: Int) -> Int { ((column + 180) % 360 + 360) % 360 }

    /// The cells of the area's bounding box, or `nil` when it is too wide to file.
    ///
    /// On the sphere ``ReportArea/mayContain(_:)`` measures on (radius R, allowed distance d), a
    /// point inside has |Δφ| ≤ d/R, and from the haversine formula
    /// sin(|Δλ|/2) ≤ sin(d/2R) / cos φmax, where φmax is the box's latitude farthest from the
    /// equator; the box adds a hundredth to both.
    static func cells(of area: ReportArea) -> [Int]? {
        let radius = 6_371_008.8
        let allowed = (area.meters * 1.01 + 10) / radius * 1.01
        guard allowed.isFinite, allowed < .pi / 2 else { return nil }
        let degrees = 180 / Double.pi
        let latitude = area.center.latitude.degrees
        let (south, north) = (latitude - allowed * degrees, latitude + allowed * degrees)
        let farthest = max(abs(south), abs(north))
        guard farthest < 89 else { return nil }
        let ratio = sin(allowed / 2) / cos(farthest / degrees)
        guard ratio < 1 else { return nil }
        let spread = 2 * asin(ratio) * 1.01 * degrees
        let longitude = area.center.longitude.degrees
        let (firstRow, lastRow) = (Int(south.rounded(.down)), Int(north.rounded(.down)))
        let (firstColumn, lastColumn) = (
            Int((longitude - spread).rounded(.down)), Int((longitude + spread).rounded(.down))
        )
        let count = (lastRow - firstRow + 1) * (lastColumn - firstColumn + 1)
        guard lastColumn - firstColumn < 359, count <= maximumCells else { return nil }
        var cells: [Int] = []
        cells.reserveCapacity(count)
        for row in firstRow...lastRow {
            for column in firstColumn...lastColumn {
                cells.append((row + 90) * 360 + wrapped(column))
            }
        }
        return cells
    }
}
