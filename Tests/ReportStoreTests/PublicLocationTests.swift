import Foundation
import Geodata
import Geodesy
import ReportStore
import Testing

/// ``PublicLocation``: the fixed grid a stranger sees missing reports' places on.
struct PublicLocationTests {
    static let grid = PublicLocation(precisionMeters: 500)

    /// About 2,300 places spread over the world (away from the poles' last cells), on a lattice
    /// whose steps share no factor with the grid's.
    static func places() throws -> [Coordinate] {
        try stride(from: -85.0, through: 85, by: 3.7131).flatMap { latitude in
            try stride(from: -180.0, to: 180, by: 7.3171).map { try Coordinate(latitude: latitude, longitude: $0) }
        }
    }

    @Test func aPlaceIsShownAsItsCellsCentreWithinTheGridsReach() throws {
        for place in try Self.places() {
            let centre = Self.grid.cellCentre(of: place)
            let meters = PublicLocation.meters(place, centre)
            #expect(meters <= Self.grid.reachMeters, "\(place) → \(centre): \(meters) m")
            #expect(Self.grid.cellCentre(of: centre) == centre, "a centre is its own cell's centre: \(centre)")
        }
    }

    @Test func everyPlaceInOneCellRevealsTheSameCentre() throws {
        let home = try Coordinate(latitude: 52.229712345, longitude: 21.012298765)
        let centre = Self.grid.cellCentre(of: home)
        var seen: Set<Coordinate> = []
        // A thousand reports made from one home, each a few metres off in every direction: one
        // cell, one centre (a home by a border would name the cells beside it: at most 4).
        for index in 0..<1_000 {
            let step = try Geodesic.wgs84.destination(
                from: home, bearing: (Double(index) * 137.508).truncatingRemainder(dividingBy: 360),
                distance: Double(index % 21))
            seen.insert(Self.grid.cellCentre(of: step.coordinate))
        }
        #expect(seen.count <= 4 && seen.contains(centre), "\(seen)")
        #expect(PublicLocation.meters(home, centre) > 0.5, "the centre is not the home")
    }

    @Test func onlyAMissingReportsPlaceIsMoved() throws {
        let home = try Coordinate(latitude: 52.229712345, longitude: 21.012298765)
        var missing = PetReport(id: "m-1", kind: .missing)
        missing.coordinate = home
        var found = PetReport(id: "f-1", kind: .found, status: .found)
        found.coordinate = home
        #expect(Self.grid.publicView(of: missing).coordinate == Self.grid.cellCentre(of: home))
        #expect(Self.grid.publicView(of: found) == found, "where an animal was found stays exact")
        let event = ReportEvent(
            sequence: 1, change: .created, reportID: "m-1", kind: .missing, status: .active, coordinate: home,
            time: Date(timeIntervalSince1970: 0))
        #expect(Self.grid.publicView(of: event).coordinate == Self.grid.cellCentre(of: home))
    }

    @Test func aStrangerIsNeverToldZeroMetres() {
        #expect(PublicLocation.publicMeters(0) == 100)
        #expect(PublicLocation.publicMeters(3.2) == 100)
        #expect(PublicLocation.publicMeters(2_449) == 2_400)
        #expect(PublicLocation.publicText(2_449) == "about 2.4 km")
        #expect(PublicLocation.publicText(12) == "about 100 m")
    }

    @Test func aPrecisionOutsideTheRangeIsClampedToIt() {
        #expect(PublicLocation(precisionMeters: 1).precisionMeters == 100)
        #expect(PublicLocation(precisionMeters: .infinity).precisionMeters == 500)
        #expect(PublicLocation(precisionMeters: 50_000).precisionMeters == 10_000)
    }
}
