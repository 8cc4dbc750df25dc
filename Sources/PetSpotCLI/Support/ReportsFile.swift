import Foundation
import Geodata
import Geodesy
import OutsideInput
import ReportStore

/// The missing-pet reports `petspot nearby` reads, as a JSON array or as CSV.
///
/// JSON: `[{"id": "r1", "latitude": 52.2297, "longitude": 21.0122, "radiusKm": 15}, …]`
/// (see ``ReportsJSON``): `locationRadius`, the API's name, is accepted for `radiusKm`.
///
/// CSV: `id,latitude,longitude,radiusKm` per line (see ``ReportsCSV``), with an optional
/// header line that names the columns.
///
/// UTF-8, with or without a byte order mark. Every report is checked with Geodata's rules;
/// any bad one rejects the whole file with every problem listed (line or item number first),
/// so no report is silently dropped.
enum ReportsFile {
    /// The reports in `data`; `name` is the file as given, for messages.
    static func parse(_ data: Data, name: String) throws(ReportsFileError) -> [NearbyReport] {
        var bytes = data
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw .notUTF8(name: name)
        }
        let first = text.unicodeScalars.first { !$0.properties.isWhitespace }
        if first == "[" || first == "{" {
            return try ReportsJSON.parse(bytes, name: name)
        }
        return try ReportsCSV.parse(text)
    }

    /// The rows of `data` for `reports import`: CSV read row by row (``ReportCSV``), a JSON
    /// array item by item.
    static func source(_ bytes: [UInt8], name: String) throws(ReportsFileError) -> any ReportSource {
        let bom = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        let first = bytes[bom...].first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        if first == UInt8(ascii: "[") || first == UInt8(ascii: "{") {
            return ReportArraySource(try ReportsJSON.rows(Data(bytes[bom...]), name: name))
        }
        do {
            // ReportCSV skips the byte order mark itself.
            return try ReportCSV(bytes: bytes)
        } catch {
            throw .unreadableCSV(name: name, problem: error)
        }
    }

    /// A report from checked values.
    ///
    /// - Throws: ``ReportItemProblem`` with Geodata's or Geodesy's message for a value out of range.
    static func report(id: String, latitude: Double, longitude: Double, radiusKm: Double) throws(ReportItemProblem)
        -> NearbyReport
    {
        guard !id.isEmpty else { throw .emptyID }
        let coordinate: Coordinate
        do {
            coordinate = try Coordinate(latitude: latitude, longitude: longitude)
        } catch {
            throw .coordinate(latitude: latitude, longitude: longitude, error: error)
        }
        do {
            return NearbyReport(id: id, coordinate: coordinate, radius: try SearchRadius(kilometers: radiusKm))
        } catch {
            throw .radius(error)
        }
    }

    /// Throws one error listing `problems`, if there are any.
    static func check(_ problems: [String]) throws(ReportsFileError) {
        guard !problems.isEmpty else { return }
        throw .invalidReports(problems)
    }
}
