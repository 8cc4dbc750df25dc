import Foundation
import Geodata
import Geodesy
import ReportStore
import Reports
import SQLiteReportStore
import Testing

/// What a microchip does to matches (issue 46): the same chip ranks first, and finds the same
/// pet wherever and whenever it was reported; a known opposite sex is no match by place.
@Suite(.serialized)
struct MicrochipMatchTests {
    static func store() throws -> (SQLiteReportStore, String) {
        let path = FileManager.default.temporaryDirectory.path + "/petspot-chips-\(UUID()).sqlite"
        return (try SQLiteReportStore(path: path), path)
    }

    /// A found male dog with a chip: a female missing dog is no match, however near; a missing dog
    /// with the same chip ranks first though farther and lost longer ago; one of unknown sex stays.
    @Test func aSameChipRanksFirstAndAnOppositeSexIsNoMatch() async throws {
        let path = FileManager.default.temporaryDirectory.path + "/petspot-matches-\(UUID()).sqlite"
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        let store = try SQLiteReportStore(path: path)
        func missing(_ id: String, _ latitude: Double, gender: String?, chip: String?, day: String) throws -> PetReport
        {
            var report = try PetReport.missing(
                id: id, coordinate: Coordinate(latitude: latitude, longitude: 21.0),
                radius: SearchRadius(kilometers: 10))
            report.species = "DOG"
            report.gender = gender
            report.microchipNumber = chip
            report.lastSeenDate = day
            return report
        }
        var found = PetReport(id: "found", kind: .found, status: .found)
        found.coordinate = try Coordinate(latitude: 52.25, longitude: 21.0)
        found.species = "DOG"
        found.gender = "MALE"
        found.microchipNumber = "985100012345678"
        found.lastSeenDate = "2025-11-18"
        try await store.add([
            try missing("a-female", 52.251, gender: "FEMALE", chip: nil, day: "2025-11-17"),
            try missing("b-unknown", 52.252, gender: nil, chip: nil, day: "2025-11-17"),
            try missing("c-chip", 52.3, gender: "MALE", chip: "985100012345678", day: "2025-11-01"),
            found,
        ])
        let matches = try await ReportMatching.matches(for: found, in: store, margin: .zero, limit: 10)
        #expect(matches.map(\.report.id) == ["c-chip", "b-unknown"])
        #expect(matches.map(\.sameMicrochip) == [true, false])
        #expect(matches[0].score < matches[1].score, "the chip outranks a better score")
        let lost = try await store.report(id: "c-chip")
        #expect(
            try await ReportMatching.matches(for: lost, in: store, margin: .zero, limit: 10).map(\.sameMicrochip) == [
                true
            ])
        let female = try await store.report(id: "a-female")
        #expect(try await ReportMatching.matches(for: female, in: store, margin: .zero, limit: 10).isEmpty)
        await store.close()
    }

    /// A dog lost in Warsaw in June and found in Kraków in November with the same chip (typed
    /// with spaces): matched both ways, after a chip match by place; a number of 5 digits or one
    /// with words in it is never looked up alone; a closed report is not matched.
    @Test func theSameChipMatchesWhereverAndWheneverAfterTheChipMatchesByPlace() async throws {
        let (store, path) = try Self.store()
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        let warsaw = try Coordinate(latitude: 52.2297, longitude: 21.0122)
        func missing(_ id: String, at place: Coordinate, chip: String?, status: ReportStatus = .active) throws
            -> PetReport
        {
            var report = try PetReport.missing(id: id, coordinate: place, radius: SearchRadius(kilometers: 5))
            report.species = "DOG"
            report.gender = "MALE"
            report.lastSeenDate = "2025-06-01"
            report.microchipNumber = chip
            report.status = status
            return report
        }
        var found = PetReport(id: "found-krakow", kind: .found, status: .found)
        found.coordinate = try Coordinate(latitude: 50.0647, longitude: 19.9450)
        found.species = "CAT"  // typed wrong: the chip is the pet
        found.gender = "FEMALE"
        found.lastSeenDate = "2025-11-20"
        found.microchipNumber = "985 112 003 456 789"
        var near = try missing("near-krakow", at: try Coordinate(latitude: 50.065, longitude: 19.945), chip: nil)
        near.species = "CAT"
        near.gender = "FEMALE"
        near.lastSeenDate = "2025-11-19"
        try await store.add([
            try missing("warsaw", at: warsaw, chip: "985112003456789"),
            try missing("warsaw-closed", at: warsaw, chip: "985112003456789", status: .closed),
            try missing("short", at: warsaw, chip: "98511"),
            near, found,
        ])
        let matches = try await ReportMatching.matches(for: found, in: store, margin: .zero, limit: 10)
        #expect(matches.map(\.report.id) == ["warsaw", "near-krakow"])
        let far = try #require(matches.first)
        #expect(far.sameMicrochip && far.beyondCircle && far.score == 0)
        let krakow = try #require(found.coordinate)
        #expect(abs(far.meters - Geodesic.wgs84.inverse(from: krakow, to: warsaw).meters) < 0.001)
        let back = try await ReportMatching.matches(
            for: try await store.report(id: "warsaw"), in: store, margin: .zero, limit: 10)
        #expect(back.map(\.report.id) == ["found-krakow"])

        var short = found
        short.id = "found-short"
        short.microchipNumber = "98511"
        #expect(
            try await ReportMatching.matches(for: short, in: store, margin: .zero, limit: 10).map(\.report.id) == [
                "near-krakow"
            ])
        await store.close()
    }
}
