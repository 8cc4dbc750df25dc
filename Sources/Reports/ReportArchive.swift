import Foundation
import Geodata
import Geodesy
public import OutsideInput
import PetSpotJSON
import ReportSteps
public import ReportStore

/// A store taken along: every report as one JSON object a line (JSON Lines), with what the
/// store keeps beyond the announcement — the owner token's hash — and its photo in base64,
/// so `reports export` → `reports import` into either engine loses nothing. With
/// `--include-subscriptions`, the area alerts by mail follow the reports, one
/// ``SubscriptionArchiveLine`` each (`{"subscription": {…}}`); the reports' sightings always do,
/// one ``SightingArchiveLine`` each (`{"sighting": {…}}`).
///
/// A line is the report's announcement (``ReportJSON/report(_:contacts:)``, the same member
/// names) plus its private fields (``ReportField/Audience/private``: `ownerTokenHash`, hex or
/// `null`; `idempotencyKey`, the `Idempotency-Key` that made it, or `null`) and `photo`
/// (`{"type": "PNG", "data": BASE64}` or `null`): every field of ``ReportField``. Base64 in the line, not a tar of files beside it: one file, read and written a
/// line at a time with no second format, at a third more bytes for the photos.
///
/// Reading takes one line at a time (``InputLines``): a line longer than
/// ``maximumLineBytes`` is refused while it is read, and each photo passes
/// ``ReportPhotoRules`` (its type from its bytes, the report's flow's formats and size, its
/// metadata removed) and is set aside in a ``PhotoSpool`` until its report is stored — so
/// memory holds the reports and one line, never the archive's photos.
///
/// ```swift
/// let line = ReportArchive.line(report, photo: photo)         // {"id":"r-1","kind":"missing",…}
/// let read = try ReportArchive.read(&lines, spool: spool)     // rows, and where their photos are
/// ```
public enum ReportArchive {
    /// The longest line read: a report with a photo of ``ReportPhotoRules/maximumByteCount``
    /// bytes in base64, and 1 MiB for its other members (14,381,912 bytes in all).
    public static let maximumLineBytes = (ReportPhotoRules.maximumByteCount + 2) / 3 * 4 + 1_048_576
    /// The most an archive may hold besides its photos (its reports are all in memory while
    /// they are stored in one transaction): 512 MiB, as for any reports file.
    public static let maximumReportBytes = 512 * 1_048_576

    /// One report's line (no newline).
    public static func line(_ report: PetReport, photo: ReportPhoto?) -> String {
        guard case .object(let members) = ReportJSON.report(report) else { return "" }
        let photoValue: JSONValue =
            photo.map {
                .object([("type", .string($0.type.rawValue)), ("data", .string($0.bytes.base64EncodedString()))])
            } ?? .null
        let kept = ReportField.allCases.filter { $0.audience == .private }.map {
            ($0.rawValue, ReportJSON.value($0, of: report))
        }
        return JSONValue.object(members + kept + [(ReportArchiveLine.photoMember, photoValue)]).text
    }

    /// What an archive holds: its reports (or the problem of each line that is not one, with
    /// its line number) and where the photos of the valid ones were set aside.
    public struct Contents: Sendable {
        /// Every line's report or problem, in file order.
        public var rows: [ReportRow] = []
        /// Where each valid line's photo is in the spool, by line number.
        public var photos: [Int: PhotoSpool.Place] = [:]
        /// How many photos had metadata taken out.
        public var scrubbedPhotos = 0
        /// The valid subscription lines (``SubscriptionArchiveLine``), in file order; an invalid
        /// one is a problem in ``rows``.
        public var subscriptions: [(subscription: Subscription, line: Int)] = []
        /// The valid sighting lines (``SightingArchiveLine``), in file order.
        public var sightings: [(sighting: Sighting, line: Int)] = []
        /// Where each valid sighting line's photo is in the spool, by line number.
        public var sightingPhotos: [Int: PhotoSpool.Place] = [:]
    }

    /// Whether input whose first character that is not white space is `first` is an archive
    /// (a JSON object opens it, not the array `nearby --reports` reads, nor CSV).
    public static func isArchive(firstNonBlankByte first: UInt8?) -> Bool {
        first == UInt8(ascii: "{")
    }

    /// The reports and subscriptions of an archive, line by line; blank lines are passed over.
    ///
    /// - Throws: ``FileProblem`` when the input cannot be read, or holds more than
    ///   ``maximumReportBytes`` besides its photos; ``ReportPhotoError`` when a photo cannot
    ///   be set aside.
    public static func read(_ lines: inout InputLines, spool: PhotoSpool) throws -> Contents {
        var contents = Contents()
        var reportBytes = 0
        // A line's bytes go as soon as it is decoded (in `next`): then only its photo is in memory.
        while let (number, read) = try next(&lines) {
            guard reportBytes <= maximumReportBytes else {
                throw FileProblem.tooLarge(size: reportBytes, limit: maximumReportBytes)
            }
            let decoded: ReportArchiveLine
            switch read {
            case .blank: continue
            case .problem(let message, let byteCount):
                reportBytes += min(byteCount, 1_024)  // only the message is kept
                contents.rows.append(.invalid(ImportProblem(number: number, message: message)))
                continue
            case .subscription(let subscription, let byteCount):
                reportBytes += byteCount
                contents.subscriptions.append((subscription, number))
                continue
            case .sighting(let sighting, let byteCount):
                reportBytes += byteCount - sighting.photoTextBytes
                try keep(sighting, line: number, in: &contents, spool: spool)
                continue
            case .line(let line, let byteCount):
                reportBytes += byteCount - line.photoTextBytes
                decoded = line
            }
            let photo: AdmittedPhoto?
            do throws(ReportArchiveProblem) {
                photo = try decoded.admittedPhoto()
            } catch {
                contents.rows.append(.invalid(ImportProblem(number: number, message: error.description)))
                continue
            }
            contents.rows.append(.report(decoded.report, line: number))
            if let photo {
                contents.photos[number] = try spool.append(photo.photo)
                if !photo.removed.isEmpty { contents.scrubbedPhotos += 1 }
            }
        }
        return contents
    }

    /// Adds the sighting of `read` (line `number`) to `contents`, its photo through
    /// ``ReportPhotoRules`` (a missing report's flow) into `spool`; a refused photo makes the line
    /// a problem.
    private static func keep(
        _ read: SightingArchiveLine.Read, line number: Int, in contents: inout Contents, spool: PhotoSpool
    ) throws(ReportPhotoError) {
        guard let photo = read.photo else { return contents.sightings.append((read.sighting, number)) }
        let admitted: AdmittedPhoto
        do throws(PhotoError) {
            admitted = try ReportPhotoRules.admit(photo.bytes, for: .missing)
        } catch {
            let message = "sighting: " + ReportArchiveLine.refusal(error, declared: photo.declared)
            return contents.rows.append(.invalid(ImportProblem(number: number, message: message)))
        }
        contents.sightings.append((read.sighting, number))
        contents.sightingPhotos[number] = try spool.append(admitted.photo)
        if !admitted.removed.isEmpty { contents.scrubbedPhotos += 1 }
    }

    /// What one line read as.
    private enum LineRead {
        case blank
        case problem(String, byteCount: Int)
        case line(ReportArchiveLine, byteCount: Int)
        case subscription(Subscription, byteCount: Int)
        case sighting(SightingArchiveLine.Read, byteCount: Int)
    }

    /// The next line's number and what it read as; its bytes are freed on return.
    private static func next(_ lines: inout InputLines) throws(FileProblem) -> (Int, LineRead)? {
        guard let (number, line) = try lines.next() else { return nil }
        return (number, decode(line))
    }

    /// What `line` reads as.
    private static func decode(_ line: InputLines.Line) -> LineRead {
        switch line {
        case .tooLong(let byteCount):
            return .problem(tooLong(byteCount), byteCount: 0)
        case .text(let bytes):
            guard bytes.contains(where: { ![0x20, 0x09, 0x0D].contains($0) }) else { return .blank }
            do throws(ReportArchiveProblem) {
                switch try ReportArchiveRecord.decode(Data(bytes)) {
                case .report(let line): return .line(line, byteCount: bytes.count)
                case .subscription(let subscription): return .subscription(subscription, byteCount: bytes.count)
                case .sighting(let sighting): return .sighting(sighting, byteCount: bytes.count)
                }
            } catch {
                return .problem(error.description, byteCount: bytes.count)
            }
        }
    }

    /// Why a line longer than ``maximumLineBytes`` is refused.
    static func tooLong(_ byteCount: Int) -> String {
        "the line is \(byteCount) bytes, more than the \(maximumLineBytes) a report with a photo of at most "
            + "\(ReportPhotoRules.maximumByteCount) bytes takes: its photo is too large"
    }
}

/// Why a line of an archive is not a report; the description is the message.
public struct ReportArchiveProblem: Error, Sendable, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
