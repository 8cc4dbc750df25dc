import Foundation
import Geodata
import Geodesy
import PetSpotService
import ReportStore
import SQLiteReportStore
import Testing

/// `GET /v1/reports/{id}/matches` on a live server: the operator's margin (`--match-margin-km`,
/// ``ServiceConfiguration/matchMargin``) widens every search circle when a request names none,
/// and a request's `marginKm` still wins.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct MatchMarginRouteTests {
    /// A dog lost in Warsaw within 2 km, and a dog found 3.2 km north of it.
    static func reports() throws -> [PetReport] {
        let warsaw = try Coordinate(latitude: 52.2297, longitude: 21.0122)
        var lost = try PetReport.missing(id: "lost", coordinate: warsaw, radius: SearchRadius(kilometers: 2))
        lost.species = "DOG"
        lost.lastSeenDate = "2025-11-17"
        var found = PetReport(id: "found", kind: .found)
        found.coordinate = try Geodesic.wgs84.destination(from: warsaw, bearing: 0, distance: 3200).coordinate
        found.species = "DOG"
        found.lastSeenDate = "2025-11-18"
        return [lost, found]
    }

    static func matchIDs(_ server: TestServer, _ path: String) async throws -> [String] {
        let answer = try await server.request(path)
        #expect(answer.status == 200, "\(answer.body)")
        let matches = try #require(try answer.object["matches"] as? [[String: Any]])
        return matches.compactMap { $0["id"] as? String }
    }

    @Test(arguments: [(nil, [String]()), (1.5, ["lost"])] as [(Double?, [String])])
    func theOperatorsMarginWidensEveryCircle(kilometers: Double?, expected: [String]) async throws {
        let folder = try TemporaryStoreFolder()
        let store = try SQLiteReportStore(path: folder.path)
        try await store.add(try Self.reports())
        var configuration = ServiceConfiguration(logger: TestServer.quietLogger, reports: store)
        if let kilometers { configuration.matchMargin = try SearchRadius(kilometers: kilometers) }
        try await TestServer.with(configuration) { server in
            // 3.2 km from the centre of a 2 km circle: the default 1 km margin misses it.
            let foundSide = try await Self.matchIDs(server, "/v1/reports/found/matches")
            let missingSide = try await Self.matchIDs(server, "/v1/reports/lost/matches")
            let asked = try await Self.matchIDs(server, "/v1/reports/found/matches?marginKm=1.4")
            let none = try await Self.matchIDs(server, "/v1/reports/found/matches?marginKm=0")
            #expect(foundSide == expected)
            #expect(missingSide == expected.map { _ in "found" })
            #expect(asked == ["lost"])
            #expect(none == [])
        }
        await store.close()
    }
}
