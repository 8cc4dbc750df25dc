public import Foundation
import Geodata
import Geodesy
import OutsideInput
public import PetSpotJSON
public import ReportSteps
public import ReportStore

/// A store taken along: every report as one JSON object a line (JSON Lines), with what the
/// store keeps beyond the announcement — the owner token's hash — and its photo in base64,
/// so `reports export` → `reports import` into either engine loses nothing.
///
/// A line is the report's announcement (``ReportJSON/report(_:contacts:)``, the same member
/// names) plus `ownerTokenHash` (hex or `null`), `idempotencyKey` (the `Idempotency-Key` that
/// made it, or `null`) and `photo` (`{"type": "PNG", "data": BASE64}`
/// or `null`). Base64 in the line, not a tar of files beside it: one file, read and written a
/// line at a time with no second format, at a third more bytes for the photos.
///
/// ```swift
/// let line = ReportArchive.line(report, photo: photo)     // {"id":"r-1","kind":"missing",…}
/// let read = ReportArchive.read(bytes, name: "store.jsonl")  // rows and photos
/// ```
public enum ReportArchive {
    /// One report's line (no newline).
    public static func line(_ report: PetReport, photo: ReportPhoto?) -> String {
        guard case .object(let members) = ReportJSON.report(report) else { return "" }
        let photoValue: JSONValue =
            photo.map {
                .object([("type", .string($0.type.rawValue)), ("data", .string($0.bytes.base64EncodedString()))])
            } ?? .null
        let kept: [(String, JSONValue)] = [
            ("ownerTokenHash", .string(report.ownerTokenHash)), ("idempotencyKey", .string(report.idempotencyKey)),
            ("photo", photoValue),
        ]
        return JSONValue.object(members + kept).text
    }

    /// What an archive holds: its reports (or the problem of each line that is not one, with
    /// its line number) and the photos of the valid ones.
    public struct Contents: Sendable {
        public var rows: [ReportRow] = []
        public var photos: [String: ReportPhoto] = [:]
    }

    /// Whether `bytes` look like an archive (their first character opens a JSON object, not
    /// the array `nearby --reports` reads, nor CSV).
    public static func isArchive(_ bytes: [UInt8]) -> Bool {
        bytes.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) } == UInt8(ascii: "{")
    }

    /// The reports of an archive, line by line; blank lines are passed over.
    public static func read(_ bytes: [UInt8]) -> Contents {
        var contents = Contents()
        var number = 0
        for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
            number += 1
            let data = Data(line)
            guard data.contains(where: { ![0x20, 0x09, 0x0D].contains($0) }) else { continue }
            do throws(ReportArchiveProblem) {
                let (report, photo) = try ReportArchiveLine.decode(data)
                contents.rows.append(.report(report, line: number))
                if let photo { contents.photos[report.id] = photo }
            } catch {
                contents.rows.append(.invalid(ImportProblem(unit: "line", number: number, message: error.description)))
            }
        }
        return contents
    }
}

/// Why a line of an archive is not a report; the description is the message.
public struct ReportArchiveProblem: Error, Sendable, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
