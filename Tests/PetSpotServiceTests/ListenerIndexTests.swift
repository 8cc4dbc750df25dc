import Foundation
import Geodata
import Testing

@testable import PetSpotService

/// The feed's listeners filed by where they watch (issue 43: a change must not cost a look at
/// every client): the index never leaves out a client whose area may hold the place.
struct ListenerIndexTests {
    @Test func theIndexNeverLeavesOutAnAreaThatMayHoldThePlace() throws {
        var generator = SystemRandomNumberGenerator()
        var inside = 0
        for round in 0..<5_000 {
            // Centres anywhere, some near the poles and the antimeridian; places around each.
            let latitude =
                round % 10 == 0
                ? Double.random(in: 85...89.9, using: &generator) * (round % 20 == 0 ? 1 : -1)
                : Double.random(in: -89...89, using: &generator)
            let longitude =
                round % 7 == 0
                ? 180 - Double.random(in: 0...0.5, using: &generator)
                : Double.random(in: -180...180, using: &generator)
            let meters =
                round % 3 == 0
                ? Double.random(in: 1...2_000, using: &generator)
                : Double.random(in: 1...300_000, using: &generator)
            let area = ReportArea(center: try Coordinate(latitude: latitude, longitude: longitude), meters: meters)
            let reach = meters / 111_000 * 1.3 + 0.0001
            let placeLatitude = min(90, max(-90, latitude + Double.random(in: -reach...reach, using: &generator)))
            let stretch = reach / max(0.01, cos(placeLatitude * .pi / 180))
            var placeLongitude = longitude + Double.random(in: -stretch...stretch, using: &generator)
            placeLongitude = (placeLongitude + 540).truncatingRemainder(dividingBy: 360) - 180
            let place = try Coordinate(latitude: placeLatitude, longitude: placeLongitude)
            guard area.mayContain(place) else { continue }
            inside += 1
            var index = ListenerIndex<Int>()
            index.insert(7, id: 7, area: area)
            #expect(index.candidates(near: [place]) == [7], "\(latitude),\(longitude) \(meters) m: \(place)")
        }
        #expect(inside > 1_000, "the places fell inside often enough to test the index")
    }

    @Test func aChangeFindsOnlyTheClientsNearItAndThoseWatchingEverything() throws {
        var index = ListenerIndex<String>()
        let warsaw = try Coordinate(latitude: 52.2297, longitude: 21.0122)
        let sydney = try Coordinate(latitude: -33.8688, longitude: 151.2093)
        for id in 0..<1_000 { index.insert("sydney", id: id, area: ReportArea(center: sydney, meters: 5_000)) }
        index.insert("warsaw", id: 1_000, area: ReportArea(center: warsaw, meters: 5_000))
        index.insert("everything", id: 1_001, area: nil)
        index.insert("a continent", id: 1_002, area: ReportArea(center: sydney, meters: 3_000_000))
        #expect(Set(index.candidates(near: [warsaw])) == ["warsaw", "everything", "a continent"])
        index.remove(id: 1_000)
        index.remove(id: 1_000)
        #expect(Set(index.candidates(near: [warsaw])) == ["everything", "a continent"])
        #expect(index.count == 1_002)
    }
}
