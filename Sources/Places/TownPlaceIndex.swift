import Foundation
import Geodata

/// Towns by one-degree cell, for the nearest town: the cells around a place in growing rings,
/// within the latitudes the best found so far leaves open, until no town in a farther ring
/// could be nearer (at 80° and beyond, where a degree of longitude shrinks to nothing, every
/// town is looked at).
struct TownPlaceIndex: Sendable {
    private var cells: [Int: [Int]] = [:]
    private static let radius = 6_371_008.8

    init(_ towns: [Town]) {
        for (index, town) in towns.enumerated() {
            cells[
                Self.cell(
                    row: Self.row(town.coordinate.latitude.degrees),
                    column: Self.column(town.coordinate.longitude.degrees)), default: []
            ]
            .append(index)
        }
    }

    func nearest(to place: Coordinate, in towns: [Town]) -> (index: Int, meters: Double)? {
        let latitude = place.latitude.degrees
        var best: (index: Int, meters: Double)?
        func consider(_ index: Int) {
            let meters = Self.sphere(place, towns[index].coordinate)
            if let found = best, (found.meters, found.index) <= (meters, index) { return }
            best = (index, meters)
        }
        guard abs(latitude) < 80 else {
            towns.indices.forEach(consider)
            return best
        }
        let (row, column) = (Self.row(latitude), Self.column(place.longitude.degrees))
        let degree = Double.pi / 180
        // Once a town is found D away, a nearer one is within D / R of the place's latitude
        // (rows beyond are skipped), and by the haversine formula one whose longitude differs
        // by Δλ is at least 2R asin(√(cos φ cos φ′) sin(Δλ/2)) away, φ′ the farthest latitude
        // still within reach. A town in ring r differs by r - 1 whole degrees or more in
        // latitude or in longitude: the rings end when both bounds pass D.
        for ring in 0...180 {
            var rows = (row - ring)...(row + ring)
            if let found = best {
                let reach = found.meters / Self.radius / degree
                if ring >= 2 {
                    let apart = Double(ring - 1) * degree
                    let farthest = min(89.9, abs(latitude) + reach) * degree
                    let scale = (cos(latitude * degree) * cos(farthest)).squareRoot()
                    let longitudeBound = 2 * Self.radius * asin(min(1, scale * sin(apart / 2)))
                    if apart * Self.radius > found.meters, longitudeBound > found.meters { break }
                }
                let low = Self.row(latitude - reach - 1)
                let high = Self.row(latitude + reach + 1)
                rows = max(rows.lowerBound, low)...max(max(rows.lowerBound, low), min(rows.upperBound, high))
            }
            for r in rows where r >= 0 && r < 180 {
                let edge = r == row - ring || r == row + ring
                let columns = edge ? Array((column - ring)...(column + ring)) : [column - ring, column + ring]
                for c in Set(columns.map(Self.wrapped)) {
                    cells[Self.cell(row: r, column: c)]?.forEach(consider)
                }
            }
        }
        return best
    }

    /// The great-circle distance on the mean sphere (haversine).
    static func sphere(_ a: Coordinate, _ b: Coordinate) -> Double {
        let radians = Double.pi / 180
        let (φ1, φ2) = (a.latitude.degrees * radians, b.latitude.degrees * radians)
        let Δφ = φ2 - φ1
        let Δλ = (b.longitude.degrees - a.longitude.degrees) * radians
        let h = sin(Δφ / 2) * sin(Δφ / 2) + cos(φ1) * cos(φ2) * sin(Δλ / 2) * sin(Δλ / 2)
        return 2 * radius * asin(min(1, h.squareRoot()))
    }

    private static func row(_ latitude: Double) -> Int { min(179, max(0, Int((latitude + 90).rounded(.down)))) }
    private static func column(_ longitude: Double) -> Int { wrapped(Int((longitude + 180).rounded(.down))) }
    private static func wrapped(_ column: Int) -> Int { (column % 360 + 360) % 360 }
    private static func cell(row: Int, column: Int) -> Int { row * 360 + column }
}
