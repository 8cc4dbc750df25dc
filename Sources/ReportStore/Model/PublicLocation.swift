import Foundation
public import Geodata
import Geodesy

/// What a stranger learns of where a missing pet was last seen — most often its owner's home:
/// the centre of the cell of a fixed grid that holds the place, never the place itself.
///
/// The grid is fixed in space (rows of `precisionMeters` of latitude from the South Pole, each
/// row cut into equal columns about `precisionMeters` wide at its middle), not jittered per
/// report: many reports made from one home reveal one cell and nothing finer (random offsets
/// average out; Hassan et al., USENIX Security 2018, recovered 95 % of Strava's protected places
/// that way). Found reports (where an animal was found) stay exact. Matching, the owner's and
/// the operator's views use the exact place; every distance a stranger sees is measured from
/// the cell's centre (``publicMeters(_:)``).
///
/// ```swift
/// let grid = PublicLocation(precisionMeters: 500)
/// grid.cellCentre(of: home)            // the same for every place in home's cell
/// grid.publicView(of: missingReport)   // the report with the cell's centre as its place
/// ```
public struct PublicLocation: Sendable, Hashable {
    /// The side of a cell, in metres.
    public let precisionMeters: Double

    /// 500 m: a few blocks in a town; `petspot serve --public-precision-m`.
    public static let defaultPrecisionMeters = 500.0
    /// The range `--public-precision-m` takes.
    public static let precisionRange = 100.0...10_000.0

    /// Metres in a degree of latitude (mean): a cell's height is within 0.7 % of the precision.
    static let metersPerDegree = 111_320.0

    /// A grid of cells `precisionMeters` on a side (clamped to ``precisionRange``).
    public init(precisionMeters: Double = PublicLocation.defaultPrecisionMeters) {
        let finite = precisionMeters.isFinite ? precisionMeters : Self.defaultPrecisionMeters
        self.precisionMeters = min(max(finite, Self.precisionRange.lowerBound), Self.precisionRange.upperBound)
    }

    /// How far a place may be from its cell's centre, at most, away from the poles' last
    /// few cells (where a cell spans more longitude): what a search widens its reach by so that
    /// it misses no report whose cell's centre is within reach.
    public var reachMeters: Double { precisionMeters * 1.5 }

    /// The centre of the cell that holds `place`.
    public func cellCentre(of place: Coordinate) -> Coordinate {
        let rowHeight = precisionMeters / Self.metersPerDegree
        let rows = max(1, Int((180 / rowHeight).rounded(.down)))
        let height = 180 / Double(rows)
        let row = min(rows - 1, max(0, Int(((place.latitude.degrees + 90) / height).rounded(.down))))
        let latitude = -90 + (Double(row) + 0.5) * height
        let width = precisionMeters / (Self.metersPerDegree * max(cos(latitude * .pi / 180), 1e-9))
        let columns = max(1, Int(min(360 / width, 1e7).rounded(.down)))
        let columnWidth = 360 / Double(columns)
        let column = min(
            columns - 1, max(0, Int(((place.longitude.degrees + 180) / columnWidth).rounded(.down))))
        let longitude = -180 + (Double(column) + 0.5) * columnWidth
        return (try? Coordinate(latitude: latitude, longitude: longitude)) ?? place
    }

    /// Whether a stranger sees `report`'s place generalized: a missing report with a place.
    public func generalizes(_ report: PetReport) -> Bool {
        report.kind == .missing && report.coordinate != nil
    }

    /// `report` as a stranger sees it: a missing report's place moved to its cell's centre;
    /// any other report as it is.
    public func publicView(of report: PetReport) -> PetReport {
        guard generalizes(report), let place = report.coordinate else { return report }
        var seen = report
        seen.coordinate = cellCentre(of: place)
        return seen
    }

    /// `event` as a stranger sees it: a missing report's place moved to its cell's centre.
    public func publicView(of event: ReportEvent) -> ReportEvent {
        // A sighting's place is where the pet was seen, a street and not a home: kept exact.
        guard event.kind == .missing, event.change != .sighted, let place = event.coordinate else { return event }
        var seen = event
        seen.coordinate = cellCentre(of: place)
        return seen
    }

    /// A distance as a stranger is given it: to the nearest 100 m, never below 100 m (a visitor
    /// in the same cell is not told "0 m" away from a front door).
    public static func publicMeters(_ meters: Double) -> Double {
        guard meters.isFinite else { return meters }
        return max(100, (meters / 100).rounded(.toNearestOrAwayFromZero) * 100)
    }

    /// A distance as a stranger reads it: `about 800 m`, `about 2.4 km` (of ``publicMeters(_:)``).
    public static func publicText(_ meters: Double) -> String {
        "about " + DistanceDisplay.text(meters: publicMeters(meters))
    }

    /// The geodesic distance between two places, in metres.
    public static func meters(_ from: Coordinate, _ to: Coordinate) -> Double {
        Geodesic.wgs84.inverse(from: from, to: to).meters
    }
}
