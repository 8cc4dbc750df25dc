/// Turns a ring of longitude/latitude vertices on the sphere into GeoJSON polygons that no
/// flat map misdraws: cut at the antimeridian (RFC 7946 §3.1.9), closed over a pole when the
/// ring goes round one, exterior rings counter-clockwise (§3.1.6).
///
/// The ring's longitudes are first *unwrapped* (each step taken the short way, so a step
/// from 179.9 to −179.9 is +0.2, not −359.8). The unwrapped ring then either
/// - returns to its starting longitude: it encloses no pole. If it strays past ±180 it is
///   clipped there into the part inside and the part outside, the latter shifted by 360°;
/// - ends 360° east or west of its start: it goes round a pole (east: the north pole, since
///   the ring runs counter-clockwise seen from outside the Earth; west: the south pole). It is
///   cut open at ±180 and closed along the antimeridian and the pole's latitude.
enum AntimeridianCut {
    typealias Point = (x: Double, y: Double)

    /// The geometry for `ring` (x = longitude, y = latitude, degrees; not closed), positions
    /// rounded to 7 decimals.
    static func geometry(ring: [Point]) -> GeoJSONGeometry {
        let unwrapped = unwrap(ring)
        guard let first = unwrapped.first, let last = unwrapped.last else { return .polygon([]) }
        let winding = last.x + shortStep(from: last.x, to: first.x) - first.x  // 0 or ±360
        if winding.magnitude > 180 {
            return .polygon([closed(aroundPole(ring, north: winding > 0))])
        }
        let low = unwrapped.map(\.x).min() ?? 0
        let high = unwrapped.map(\.x).max() ?? 0
        if high <= 180 && low >= -180 { return .polygon([closed(unwrapped)]) }
        let edge: Double = high > 180 ? 180 : -180
        let inside = clip(unwrapped, atX: edge, keepBelow: edge > 0)
        let outside = clip(unwrapped, atX: edge, keepBelow: edge < 0).map { (x: $0.x - 2 * edge, y: $0.y) }
        let parts = [inside, outside].filter { $0.count >= 3 }
        if parts.count == 1 { return .polygon([closed(parts[0])]) }
        return .multiPolygon(parts.map { [closed($0)] })
    }

    /// Longitude change from `a` to `b` the short way, in (−180, 180].
    static func shortStep(from a: Double, to b: Double) -> Double {
        var step = (b - a).truncatingRemainder(dividingBy: 360)
        if step > 180 { step -= 360 }
        if step <= -180 { step += 360 }
        return step
    }

    private static func unwrap(_ ring: [Point]) -> [Point] {
        var result: [Point] = []
        result.reserveCapacity(ring.count)
        for point in ring {
            guard let previous = result.last else {
                result.append(point)
                continue
            }
            result.append((previous.x + shortStep(from: previous.x, to: point.x), point.y))
        }
        return result
    }

    /// A ring going once round a pole, cut open at ±180 and closed along the antimeridian and
    /// the pole's latitude, so that it encloses the cap on a longitude/latitude map.
    private static func aroundPole(_ ring: [Point], north: Bool) -> [Point] {
        // Start just after the step that crosses ±180; walked from there, the ring runs from
        // one side of the map to the other.
        guard
            let crossing = ring.indices.first(where: { index in
                (ring[index].x - ring[(index + ring.count - 1) % ring.count].x).magnitude > 180
            })
        else { return ring }
        let walk = unwrap(Array(ring[crossing...] + ring[..<crossing]))
        guard let first = walk.first, let last = walk.last else { return ring }
        let lap: Double = north ? 360 : -360
        let start: Double = north ? -180 : 180
        let end = start + lap
        let before = (x: last.x - lap, y: last.y)
        let after = (x: first.x + lap, y: first.y)
        let poleLatitude: Double = north ? 90 : -90
        return [(start, interpolate(before, first, atX: start))] + walk + [
            (end, interpolate(last, after, atX: end)), (end, poleLatitude), (start, poleLatitude),
        ]
    }

    private static func interpolate(_ p: Point, _ q: Point, atX x: Double) -> Double {
        guard q.x != p.x else { return p.y }
        return p.y + (q.y - p.y) * (x - p.x) / (q.x - p.x)
    }

    /// Sutherland–Hodgman clipping against the vertical line `x = atX`, keeping x ≤ atX
    /// (`keepBelow`) or x ≥ atX. A circle meets a meridian at most twice, so one piece results.
    private static func clip(_ ring: [Point], atX edge: Double, keepBelow: Bool) -> [Point] {
        func inside(_ p: Point) -> Bool { keepBelow ? p.x <= edge : p.x >= edge }
        var result: [Point] = []
        for (index, current) in ring.enumerated() {
            let previous = ring[(index + ring.count - 1) % ring.count]
            if inside(current) {
                if !inside(previous) { result.append((edge, interpolate(previous, current, atX: edge))) }
                result.append(current)
            } else if inside(previous) {
                result.append((edge, interpolate(previous, current, atX: edge)))
            }
        }
        return result
    }

    /// Twice the shoelace area: positive for a counter-clockwise ring.
    private static func signedArea(_ ring: [Point]) -> Double {
        var sum = 0.0
        for index in ring.indices {
            let p = ring[index]
            let q = ring[(index + 1) % ring.count]
            sum += p.x * q.y - q.x * p.y
        }
        return sum
    }

    /// Rounds to 7 decimals, orients counter-clockwise and repeats the first position at the end.
    private static func closed(_ ring: [Point]) -> [GeoJSONPosition] {
        var oriented = ring
        if signedArea(oriented) < 0 { oriented.reverse() }
        var positions = oriented.map { point in
            GeoJSONPosition(longitude: round7(point.x), latitude: round7(point.y))
        }
        positions = positions.enumerated().filter { index, position in
            index == 0 || position != positions[index - 1]
        }.map(\.element)
        if let first = positions.first, positions.last != first { positions.append(first) }
        return positions
    }

    private static func round7(_ value: Double) -> Double {
        let rounded = (value * 1e7).rounded() / 1e7
        return rounded == 0 ? 0 : rounded
    }
}
