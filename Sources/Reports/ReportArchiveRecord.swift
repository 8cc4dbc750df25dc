import Foundation
import OutsideInput
import ReportStore

/// What one line of a ``ReportArchive`` holds: a report with its photo, a subscription (a line
/// whose only member is ``SubscriptionArchiveLine/member``) or a sighting
/// (``SightingArchiveLine/member``). A line that mixes the two
/// is refused, as is a member neither has or a key written twice.
enum ReportArchiveRecord: Decodable {
    case report(ReportArchiveLine)
    case subscription(Subscription)
    case sighting(SightingArchiveLine.Read)

    /// The record `data` (one line) holds.
    ///
    /// - Throws: ``ReportArchiveProblem`` saying what is wrong, by the member's path.
    static func decode(_ data: Data) throws(ReportArchiveProblem) -> ReportArchiveRecord {
        do {
            try JSONDuplicateKeys.check(data, file: "the line")
        } catch {
            throw ReportArchiveProblem(error.description)
        }
        do {
            return try JSONDecoder().decode(ReportArchiveRecord.self, from: data)
        } catch let problem as ReportArchiveProblem {
            throw problem
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context) {
            throw ReportArchiveProblem("\(Self.path(context)): \(context.debugDescription)")
        } catch let DecodingError.keyNotFound(key, context) {
            throw ReportArchiveProblem(
                "\((context.codingPath + [key]).map(\.stringValue).joined(separator: ".")) is required")
        } catch let DecodingError.dataCorrupted(context) {
            throw ReportArchiveProblem(
                context.codingPath.isEmpty ? "not a JSON object" : "\(Self.path(context)): \(context.debugDescription)")
        } catch {
            throw ReportArchiveProblem("not a report: \(error)")
        }
    }

    private static func path(_ context: DecodingError.Context) -> String {
        context.codingPath.map(\.stringValue).joined(separator: ".")
    }

    init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: ReportArchiveLine.AnyKey.self)
        if let line = try ArchiveMemberLine<SightingArchiveLine.Key>(
            SightingArchiveLine.member, of: "sighting", in: values)
        {
            self = .sighting(try SightingArchiveLine.sighting(line))
        } else if let line = try ArchiveMemberLine<SubscriptionArchiveLine.Key>(
            SubscriptionArchiveLine.member, of: "subscription", in: values)
        {
            self = .subscription(try SubscriptionArchiveLine.subscription(line))
        } else {
            self = .report(try ReportArchiveLine(from: decoder))
        }
    }
}
