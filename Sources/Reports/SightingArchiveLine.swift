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
        return ArchiveMemberLine.text(member: member, fields)
    }

    /// The sighting `line` holds, each field checked.
    ///
    /// - Throws: ``ReportArchiveProblem`` naming the field that is wrong (or `DecodingError`
    ///   for a missing field or one of the wrong JSON type).
    static func sighting(_ line: ArchiveMemberLine<Key>) throws -> Read {
        let id = try line.fields.decode(String.self, forKey: .id)
        do throws(ReportStoreError) {
            try ReportID.check(id)
        } catch {
            throw line.problem(.id, error.description)
        }
        let reportID = try line.fields.decode(String.self, forKey: .reportId)
        do throws(ReportStoreError) {
            try ReportID.check(reportID)
        } catch {
            throw line.problem(.reportId, error.description)
        }
        let coordinate = try line.coordinate(latitude: .locationLatitude, longitude: .locationLongitude)
        let sighting = Sighting(
            id: id, reportID: reportID, seenAt: try line.time(.seenAt), coordinate: coordinate,
            note: try line.fields.decode(String.self, forKey: .note),
            phone: try line.fields.decodeIfPresent(String.self, forKey: .phone),
            email: try line.fields.decodeIfPresent(String.self, forKey: .email),
            makerTokenHash: try line.fields.decode(String.self, forKey: .makerTokenHash),
            createdAt: try line.time(.createdAt))
        do throws(ReportStoreError) {
            try sighting.checkStorable()
        } catch {
            throw ReportArchiveProblem("\(member): \(error.description)")
        }
        guard let photo = try line.fields.decodeIfPresent(ReportArchiveLine.Photo.self, forKey: .photo) else {
            return Read(sighting: sighting, photo: nil, photoTextBytes: 0)
        }
        guard let bytes = Data(base64Encoded: photo.data), !bytes.isEmpty else {
            throw line.problem(.photo, "data is not base64 of an image")
        }
        return Read(sighting: sighting, photo: ([UInt8](bytes), photo.type), photoTextBytes: photo.data.utf8.count)
    }
}
