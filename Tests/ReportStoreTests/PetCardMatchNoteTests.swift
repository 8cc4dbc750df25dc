import Geodata
import Geodesy
import ReportStore
import Reports
import Testing

/// A missing report with no place (imported, or made on the command line) is never compared with
/// found reports: its card says so; one with a place and a radius says nothing.
struct PetCardMatchNoteTests {
    @Test func aMissingReportWithNoPlaceSaysItCannotBeMatchedByPlace() throws {
        var unplaced = PetReport(id: "m-1", kind: .missing)
        unplaced.email = "owner@example.com"
        #expect(try PetCard(unplaced).matchNote == PetCard.unmatchedByPlace)
        var placed = try PetReport.missing(
            id: "m-2", coordinate: Coordinate(latitude: 52.2297, longitude: 21.0122),
            radius: SearchRadius(kilometers: 5))
        placed.email = "owner@example.com"
        #expect(try PetCard(placed).matchNote == nil)
        var found = PetReport(id: "f-1", kind: .found, status: .found)
        found.email = "finder@example.com"
        #expect(try PetCard(found).matchNote == nil, "a found report's matches do not need its place")
    }
}
