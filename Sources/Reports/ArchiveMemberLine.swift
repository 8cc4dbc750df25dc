import Foundation
import Geodata
import PetSpotJSON
import ReportStore

/// A ``ReportArchive`` line that is one object under a single member (a sighting's, a
/// subscription's): writing it, and reading its fields with the checks every such line shares —
/// no unknown field, times in ``ReportTimestamp``'s form, a place — each failure a
/// ``ReportArchiveProblem`` that names the field.
struct ArchiveMemberLine<Key: CodingKey & RawRepresentable<String>> {
    /// The member's name (`sighting`, `subscription`).
    let member: String
    /// The member's fields, by their names in the line.
    let fields: KeyedDecodingContainer<Key>

    /// The line holding `fields` under `member` (no newline).
    static func text(member: String, _ fields: [(Key, JSONValue)]) -> String {
        JSONValue.object([(member, .object(fields.map { ($0.rawValue, $1) }))]).text
    }

    /// The fields a line's `values` hold under `member`, or `nil` when the line has no such
    /// member (it is another kind of line).
    ///
    /// - Parameter noun: what the member is, for the messages (`sighting`).
    /// - Throws: ``ReportArchiveProblem`` when the line has other members beside it, or the
    ///   member has fields a `noun` has not (or `DecodingError` when it is not an object).
    init?(
        _ member: String, of noun: String, in values: KeyedDecodingContainer<ReportArchiveLine.AnyKey>
    ) throws {
        let key = ReportArchiveLine.AnyKey(member)
        guard values.contains(key) else { return nil }
        guard values.allKeys.count == 1 else {
            throw ReportArchiveProblem("a \(noun)'s line has the one member \(member), not a report's fields")
        }
        let all = try values.nestedContainer(keyedBy: ReportArchiveLine.AnyKey.self, forKey: key).allKeys
        let unknown = all.map(\.stringValue).filter { Key(rawValue: $0) == nil }
        guard unknown.isEmpty else {
            throw ReportArchiveProblem("\(unknown.sorted().joined(separator: ", ")) is not a member of a \(noun)")
        }
        self.member = member
        fields = try values.nestedContainer(keyedBy: Key.self, forKey: key)
    }

    /// The problem `message` with `field`, as `member.field: message`.
    func problem(_ field: Key, _ message: String) -> ReportArchiveProblem {
        ReportArchiveProblem("\(member).\(field.rawValue): \(message)")
    }

    /// The time `field` holds.
    ///
    /// - Throws: ``ReportArchiveProblem`` when it is not in ``ReportTimestamp``'s form.
    func time(_ field: Key) throws -> Date {
        try time(field, try fields.decode(String.self, forKey: field))
    }

    /// The time `field` holds, or `nil` when it is missing or `null`.
    ///
    /// - Throws: ``ReportArchiveProblem`` when it is not in ``ReportTimestamp``'s form.
    func timeIfPresent(_ field: Key) throws -> Date? {
        guard let text = try fields.decodeIfPresent(String.self, forKey: field) else { return nil }
        return try time(field, text)
    }

    private func time(_ field: Key, _ text: String) throws(ReportArchiveProblem) -> Date {
        guard let date = ReportTimestamp.date(text) else {
            throw problem(field, "\(Self.quoted(text)) is not a time like 2026-12-06T16:10:00.000Z")
        }
        return date
    }

    /// The place the `latitude` and `longitude` fields hold.
    ///
    /// - Throws: ``ReportArchiveProblem`` naming both fields when they are not a place.
    func coordinate(latitude: Key, longitude: Key) throws -> Coordinate {
        let latitudeDegrees = try fields.decode(Double.self, forKey: latitude)
        let longitudeDegrees = try fields.decode(Double.self, forKey: longitude)
        do throws(CoordinateFieldError) {
            return try Coordinate(latitude: latitudeDegrees, longitude: longitudeDegrees)
        } catch {
            throw ReportArchiveProblem(
                "\(member).\(latitude.rawValue), \(longitude.rawValue): \(error.description)")
        }
    }

    /// `text` in quotes, cut at 80 characters (a hostile line's value is not echoed whole).
    static func quoted(_ text: String) -> String {
        "\"\(text.prefix(80))\(text.count > 80 ? "…" : "")\""
    }
}
