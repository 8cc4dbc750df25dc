import Foundation
import Geodata
import Testing

@Suite("Latitude and longitude fields together")
struct CoordinateFieldsValidationTests {
    @Test func bothEmptyIsValidInTheMissingFlow() {
        let result = CoordinateFieldsValidation(latitude: "", longitude: "  ", requirement: .missingPetFlow)
        #expect(result.isValid)
        #expect(result.coordinate == nil)
    }

    @Test func bothEmptyIsRequiredInTheFoundFlow() {
        let result = CoordinateFieldsValidation(latitude: "", longitude: "", requirement: .foundPetFlow)
        #expect(!result.isValid)
        #expect(result.latitudeError == .required(.latitude))
        #expect(result.longitudeError == .required(.longitude))
        #expect(result.latitudeError?.description == "Latitude is required")
        #expect(result.longitudeError?.description == "Longitude is required")
    }

    @Test func oneValueOnlyMarksTheEmptyFieldInTheMissingFlow() {
        let result = CoordinateFieldsValidation(latitude: "52.2297", longitude: "", requirement: .missingPetFlow)
        #expect(result.latitudeError == nil)
        #expect(result.longitudeError == .missingCounterpart(.longitude))
        #expect(result.longitudeError?.description == "Enter a longitude too, or clear the latitude")
        let other = CoordinateFieldsValidation(latitude: "", longitude: "21.0122", requirement: .missingPetFlow)
        #expect(other.latitudeError?.description == "Enter a latitude too, or clear the longitude")
        #expect(other.longitudeError == nil)
    }

    @Test func malformedLatitudeLeavesAValidLongitudeWithoutError() {
        // Spec 002's sample code puts "Invalid format" on both fields; we do not.
        let result = CoordinateFieldsValidation(
            latitude: "52.2.297", longitude: "21.0122", requirement: .missingPetFlow)
        #expect(result.latitudeError == .invalidFormat)
        #expect(result.longitudeError == nil)
        #expect(result.longitude?.degrees == 21.0122)
        #expect(result.coordinate == nil)
    }

    @Test func eachFieldGetsItsOwnRangeMessage() {
        let result = CoordinateFieldsValidation(latitude: "95", longitude: "-200", requirement: .foundPetFlow)
        #expect(result.error(for: .latitude)?.description == "Must be between -90 and 90")
        #expect(result.error(for: .longitude)?.description == "Must be between -180 and 180")
    }

    @Test func validPairGivesTheCoordinate() throws {
        let result = CoordinateFieldsValidation(latitude: " 52,2297 ", longitude: "21.0122", requirement: .foundPetFlow)
        let coordinate = try #require(result.coordinate)
        #expect(coordinate.formatted == "52.22970, 21.01220")
    }

    @Test func coordinatesRoundTripThroughJSONAndDecodingChecksRanges() throws {
        let warsaw = try Coordinate(latitude: 52.2297, longitude: 21.0122)
        let data = try JSONEncoder().encode(warsaw)
        #expect(String(decoding: data, as: UTF8.self).contains("\"latitude\":52.2297"))
        #expect(try JSONDecoder().decode(Coordinate.self, from: data) == warsaw)
        let invalid = Data(#"{"latitude": 91, "longitude": 0}"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Coordinate.self, from: invalid) }
    }
}
