import Foundation
import Geodesy
import OutsideInput
import ReportStore

/// Reports as a JSON array of objects, decoded with `JSONDecoder` into real types:
/// `{"id": "r1", "latitude": 52.2297, "longitude": 21.0122, "radiusKm": 15}`.
///
/// - `id`: text, or a whole JSON number (an API's numeric id: `7` is `"7"`); never `true` or
///   `false`, a fraction or an empty text.
/// - `latitude`, `longitude`, `radiusKm` (or the API's `locationRadius`, not both): JSON
///   numbers (`0` and `1` included), not text and not booleans.
/// - Other members are ignored (an API object has many); a key written twice in one object
///   refuses the file (``JSONDuplicateKeys``).
enum ReportsJSON {
    static func parse(_ data: Data, name: String) throws(ReportsFileError) -> [NearbyReport] {
        var reports: [NearbyReport] = []
        var problems: [String] = []
        for row in try rows(data, name: name) {
            switch row {
            case .invalid(let problem): problems.append(problem.description)
            case .report(let report, _):
                if let entry = report.nearbyEntry { reports.append(entry) }
            }
        }
        try ReportsFile.check(problems)
        return reports
    }

    /// Every item as a missing report or the problem with it (item numbers from 1).
    static func rows(_ data: Data, name: String) throws(ReportsFileError) -> [ReportRow] {
        do {
            try JSONDuplicateKeys.check(data, file: name)
        } catch {
            throw .unreadableJSON(error)
        }
        let items: [Item]
        do {
            items = try JSONDecoder().decode([Item].self, from: data)
        } catch {
            throw .notAnArray
        }
        return items.enumerated().map { offset, item in
            do throws(ReportItemProblem) {
                let fields = try item.fields.get()
                let entry = try ReportsFile.report(
                    id: fields.id, latitude: fields.latitude, longitude: fields.longitude, radiusKm: fields.radiusKm)
                var report = PetReport(id: entry.id, kind: .missing)
                report.coordinate = entry.coordinate
                report.radius = entry.radius
                return .report(report, line: offset + 1)
            } catch {
                return .invalid(ImportProblem(unit: "item", number: offset + 1, message: error.description))
            }
        }
    }

    /// One array item: its fields, or what is wrong with them (so that every item's problem
    /// is listed, not only the first).
    private struct Item: Decodable {
        struct Fields {
            var id: String
            var latitude: Double
            var longitude: Double
            var radiusKm: Double
        }

        enum CodingKeys: String, CodingKey {
            case id, latitude, longitude, radiusKm, locationRadius
        }

        let fields: Result<Fields, ReportItemProblem>

        init(from decoder: any Decoder) {
            do throws(ReportItemProblem) {
                let container: KeyedDecodingContainer<CodingKeys>
                do {
                    container = try decoder.container(keyedBy: CodingKeys.self)
                } catch {
                    throw .notAnObject
                }
                let radiusKey: CodingKeys = container.contains(.locationRadius) ? .locationRadius : .radiusKm
                if container.contains(.locationRadius) && container.contains(.radiusKm) {
                    throw .bothRadii
                }
                fields = .success(
                    Fields(
                        id: try Self.id(container), latitude: try Self.number(container, .latitude),
                        longitude: try Self.number(container, .longitude),
                        radiusKm: try Self.number(container, radiusKey, name: "radiusKm")))
            } catch {
                fields = .failure(error)
            }
        }

        private static func id(_ container: KeyedDecodingContainer<CodingKeys>) throws(ReportItemProblem) -> String {
            guard container.contains(.id), (try? container.decodeNil(forKey: .id)) != true else {
                throw .missing("id")
            }
            if let text = try? container.decode(String.self, forKey: .id) {
                guard !text.isEmpty else { throw .emptyID }
                return text
            }
            if (try? container.decode(Bool.self, forKey: .id)) == nil,
                let number = try? container.decode(Int.self, forKey: .id)
            {
                return String(number)
            }
            throw .idNotText(kind: kind(container, .id))
        }

        private static func number(
            _ container: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys, name: String? = nil
        )
            throws(ReportItemProblem) -> Double
        {
            let name = name ?? key.stringValue
            guard container.contains(key) else { throw .missing(name) }
            if (try? container.decode(Bool.self, forKey: key)) == nil,
                let value = try? container.decode(Double.self, forKey: key),
                value.isFinite
            {
                return value
            }
            throw .notANumber(name: name, kind: kind(container, key))
        }

        /// What a value that is not what was asked for is, in words.
        private static func kind(_ container: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys) -> String {
            if (try? container.decodeNil(forKey: key)) == true { return "null" }
            if let value = try? container.decode(Bool.self, forKey: key) { return "\(value)" }
            if let text = try? container.decode(String.self, forKey: key) { return "the text \"\(text)\"" }
            if (try? container.decode(Double.self, forKey: key)) != nil { return "a fraction" }
            if (try? container.nestedUnkeyedContainer(forKey: key)) != nil { return "an array" }
            if (try? container.nestedContainer(keyedBy: CodingKeys.self, forKey: key)) != nil { return "an object" }
            return "a number too large for a Double"
        }
    }
}
