import Foundation
import Geodata
import PetSpotJSON
import ReportSteps
public import ReportStore

/// A sighting as a line of a ``ReportArchive`` (`reports export` writes one for every sighting,
/// after the reports): one object with the single member `sighting`, as a subscription's line:
///
/// ```json
/// {"sighting":{"id":"sig-…","reportId":"r-1","seenAt":"2026-12-05T14:30:00.000Z",
///  "locationLatitude":52.24,"locationLongitude":21.03,"note":"…","phone":null,"email":null,
///  "makerTokenHash":"…","createdAt":"2026-12-05T14:31:00.000Z","photo":null}}
/// ```
///
/// Every field the stores keep is there — the maker's token digest too, so its maker can still
/// remove it after an import — and its photo as a report's line has it (`{"type", "data":
/// base64}` or `null`; a line without `photo` has none). Reading checks each field as a store
/// would keep it; the photo passes ``ReportPhotoRules`` in ``ReportArchive/read(_:spool:)``.
public enum SightingArchiveLine {
    /// The member that makes a line a sighting's.
    public static let member = "sighting"

    /// The members of a sighting, by their names in the line.
    enum Key: String, CodingKey, CaseIterable {
        case id, reportId, seenAt, locationLatitude, locationLongitude, note, phone, email, makerTokenHash, createdAt
        case photo
    }

    /// A sighting line as read: the sighting, its photo's bytes as the line gives them (not yet
    /// through ``ReportPhotoRules``) with the type the line declares, and how many bytes of the
    /// line the photo's base64 took.
    struct Read {
        let sighting: Sighting
        let photo: (bytes: [UInt8], declared: ImageType)?
        let photoTextBytes: Int
    }

    /// One sighting's line (no newline), with its photo.
    public static func line(_ sighting: Sighting, photo: ReportPhoto? = nil) -> String {
        let fields: [(Key, JSONValue)] = [
            (.id, .string(sighting.id)), (.reportId, .string(sighting.reportID)),
            (.seenAt, .string(ReportTimestamp.text(sighting.seenAt))),
            (.locationLatitude, .number(sighting.coordinate.latitude.degrees)),
            (.locationLongitude, .number(sighting.coordinate.longitude.degrees)),
            (.note, .string(sighting.note)), (.phone, .string(sighting.phone)), (.email, .string(sighting.email)),
            (.makerTokenHash, .string(sighting.makerTokenHash)),
            (.createdAt, .string(ReportTimestamp.text(sighting.createdAt))),
            (
                .photo,
                photo.map {
                    .object([("type", .string($0.type.rawValue)), ("data", .string($0.bytes.base64EncodedString()))])
                } ?? .null
            ),
        ]
        return JSONValue.object([(member, .object(fields.map { ($0.rawValue, $1) }))]).text
    }

    /// The sighting `values` hold under ``member``, each field checked.
    ///
    /// - Throws: ``ReportArchiveProblem`` naming the field that is wrong (or `DecodingError`
    ///   for a missing member or one of the wrong JSON type).
    static func sighting(
        in values: KeyedDecodingContainer<ReportArchiveLine.AnyKey>, forKey key: ReportArchiveLine.AnyKey
    ) throws -> Read {
        func bad(_ field: Key, _ message: String) -> ReportArchiveProblem {
            ReportArchiveProblem("\(member).\(field.rawValue): \(message)")
        }
        let all = try values.nestedContainer(keyedBy: ReportArchiveLine.AnyKey.self, forKey: key).allKeys
        let unknown = all.map(\.stringValue).filter { Key(rawValue: $0) == nil }
        guard unknown.isEmpty else {
            throw ReportArchiveProblem("\(unknown.sorted().joined(separator: ", ")) is not a member of a sighting")
        }
        let line = try values.nestedContainer(keyedBy: Key.self, forKey: key)
        let id = try line.decode(String.self, forKey: .id)
        do throws(ReportStoreError) {
            try ReportID.check(id)
        } catch {
            throw bad(.id, error.description)
        }
        let reportID = try line.decode(String.self, forKey: .reportId)
        do throws(ReportStoreError) {
            try ReportID.check(reportID)
        } catch {
            throw bad(.reportId, error.description)
        }
        func time(_ field: Key) throws -> Date {
            let text = try line.decode(String.self, forKey: field)
            guard let date = ReportTimestamp.date(text) else {
                throw bad(field, "\"\(text.prefix(80))\" is not a time like 2026-12-06T16:10:00.000Z")
            }
            return date
        }
        let latitude = try line.decode(Double.self, forKey: .locationLatitude)
        let longitude = try line.decode(Double.self, forKey: .locationLongitude)
        let coordinate: Coordinate
        do {
            coordinate = try Coordinate(latitude: latitude, longitude: longitude)
        } catch {
            throw ReportArchiveProblem("\(member).locationLatitude, locationLongitude: \(error.description)")
        }
        let sighting = Sighting(
            id: id, reportID: reportID, seenAt: try time(.seenAt), coordinate: coordinate,
            note: try line.decode(String.self, forKey: .note),
            phone: try line.decodeIfPresent(String.self, forKey: .phone),
            email: try line.decodeIfPresent(String.self, forKey: .email),
            makerTokenHash: try line.decode(String.self, forKey: .makerTokenHash), createdAt: try time(.createdAt))
        do throws(ReportStoreError) {
            try sighting.checkStorable()
        } catch {
            throw ReportArchiveProblem("\(member): \(error.description)")
        }
        guard let photo = try line.decodeIfPresent(ReportArchiveLine.Photo.self, forKey: .photo) else {
            return Read(sighting: sighting, photo: nil, photoTextBytes: 0)
        }
        guard let bytes = Data(base64Encoded: photo.data), !bytes.isEmpty else {
            throw bad(.photo, "data is not base64 of an image")
        }
        return Read(sighting: sighting, photo: ([UInt8](bytes), photo.type), photoTextBytes: photo.data.utf8.count)
    }
}
