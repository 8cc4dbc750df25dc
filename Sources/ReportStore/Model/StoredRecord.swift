import Foundation
import Geodata

/// One row of a store's table as both engines read it: a cell by its column's name, typed.
///
/// Each engine adapts its own row (GRDB's `Row`, postgres-nio's `PostgresRow`) and turns its
/// decoding failures into ``ReportStoreError``, so a ``StoredRecord`` reads its columns once,
/// by name, for both engines.
package protocol StoredRow {
    /// The text in `column`.
    func text(_ column: String) throws(ReportStoreError) -> String
    /// The text in `column`, or `nil` where it is NULL.
    func optionalText(_ column: String) throws(ReportStoreError) -> String?
    /// The number in `column`.
    func double(_ column: String) throws(ReportStoreError) -> Double
    /// The whole number in `column`.
    func integer(_ column: String) throws(ReportStoreError) -> Int
}

/// A record both stores keep in a table of its own (a sighting, a subscription, an outbox
/// mail): its columns, declared once, and how it reads itself back from a row of them.
package protocol StoredRecord {
    /// What a row holds, to name it in errors: `sighting`.
    static var storedNoun: String { get }
    /// The table's columns, `id` first, in the order the stores write them.
    static var storedColumns: [String] { get }
    /// The record in `row`, each value checked.
    ///
    /// - Throws: ``ReportStoreError/Reason/storage`` for a value no petspot writes: the store
    ///   was changed by another program.
    init(stored row: some StoredRow) throws(ReportStoreError)
}

extension StoredRecord {
    /// ``storedColumns`` as an SQL list: `id, report_id, …`.
    package static var storedColumnList: String { storedColumns.joined(separator: ", ") }

    /// The place in `row`'s `latitude` and `longitude` columns, which `name` names in the error
    /// (`its place`).
    static func storedCoordinate(_ row: some StoredRow, id: String, _ name: String) throws(ReportStoreError)
        -> Coordinate
    {
        let (latitude, longitude) = (try row.double("latitude"), try row.double("longitude"))
        do {
            return try Coordinate(latitude: latitude, longitude: longitude)
        } catch {
            throw changed(id, "\(name) \(latitude), \(longitude) is not a place (\(error))")
        }
    }

    /// The time in `row`'s `column` (``ReportTimestamp`` text), or `nil` where it is NULL;
    /// `name` names it in the error (`its creation time`).
    static func storedTime(_ row: some StoredRow, id: String, _ column: String, _ name: String)
        throws(ReportStoreError) -> Date?
    {
        guard let text = try row.optionalText(column) else { return nil }
        guard let time = ReportTimestamp.date(text) else {
            throw changed(id, "\(name) \(ReportStoreError.quoted(text))")
        }
        return time
    }

    /// The time in `row`'s `column`, which may not be NULL.
    static func requiredTime(_ row: some StoredRow, id: String, _ column: String, _ name: String)
        throws(ReportStoreError) -> Date
    {
        guard let time = try storedTime(row, id: id, column, name) else {
            throw changed(id, "\(name) is missing")
        }
        return time
    }

    /// The error for a value of `row` that no petspot writes.
    static func changed(_ id: String, _ detail: String) -> ReportStoreError {
        .storage("reading \(storedNoun) \(id)", "\(detail); the store was changed by another program")
    }
}
