import Foundation
import Geodata
import Geodesy
import PetSpotJSON
import ReportStore

/// The area an alerts client watches: the reports whose place is within `meters` of `center`
/// (geodesic distance, `geod_inverse`); with no area, every change.
struct ReportArea: Sendable, Hashable {
    /// The watched place.
    let center: Coordinate
    /// How far around it, in metres.
    let meters: Double

    /// Whether `coordinate` may be inside the area: a cheap bound (a great circle on the sphere of
    /// the Earth's mean radius, with 1 % and 10 m to spare: the ellipsoid's geodesic differs from it
    /// by at most 0.6 %), never `false` for a place ``distance(to:)`` finds inside. What the event
    /// feed asks of every listener for every change, before it wakes one.
    func mayContain(_ coordinate: Coordinate) -> Bool {
        let radians = Double.pi / 180
        let (φ1, φ2) = (center.latitude.degrees * radians, coordinate.latitude.degrees * radians)
        let Δφ = φ2 - φ1
        let Δλ = (coordinate.longitude.degrees - center.longitude.degrees) * radians
        let h = sin(Δφ / 2) * sin(Δφ / 2) + cos(φ1) * cos(φ2) * sin(Δλ / 2) * sin(Δλ / 2)
        let sphere = 2 * 6_371_008.8 * asin(min(1, h.squareRoot()))
        return sphere <= meters * 1.01 + 10
    }

    /// The distance from the center to `event`'s report when it is inside the area, else `nil`
    /// (a report without a place is in no area).
    func distance(to event: ReportEvent) -> Double? {
        guard let coordinate = event.coordinate else { return nil }
        let meters = Geodesic.wgs84.inverse(from: center, to: coordinate).meters
        return meters <= self.meters ? meters : nil
    }
}

/// The Server-Sent Event of one report change: `id:` its sequence (what a browser sends
/// back as `Last-Event-ID`), `event:` created, changed, removed or sighted, `data:` its JSON.
enum ReportEventFrame {
    /// `{"sequence", "change", "id", "kind", "status", "latitude", "longitude",
    /// "distanceMeters", "time"}` (the place and distance `null` when unknown), and `"sightingId"`
    /// for a `sighted` event.
    static func json(_ event: ReportEvent, distance: Double?) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("sequence", .number(Double(event.sequence))), ("change", .string(event.change.rawValue)),
            ("id", .string(event.reportID)), ("kind", .string(event.kind.rawValue)),
            ("status", .string(event.status.rawValue)),
            ("latitude", event.coordinate.map { .number($0.latitude.degrees) } ?? .null),
            ("longitude", event.coordinate.map { .number($0.longitude.degrees) } ?? .null),
            // Missing reports' places are their cells' centres (PublicLocation): their distances rounded.
            (
                "distanceMeters",
                distance.map {
                    .number(event.kind == .missing ? PublicLocation.publicMeters($0) : ($0 * 100).rounded() / 100)
                }
                    ?? .null
            ),
            ("time", .string(event.time.formatted(.iso8601))),
        ]
        // A sighting added: which one (GET /v1/reports/{id}/sightings lists it).
        if let sightingID = event.sightingID { members.append(("sightingId", .string(sightingID))) }
        return .object(members)
    }

    static func text(_ event: ReportEvent, distance: Double?) -> String {
        "id: \(event.sequence)\nevent: \(event.change.rawValue)\ndata: \(json(event, distance: distance).text)\n\n"
    }
}
