import Locking
import PetSpotService
import ReportSteps

/// The Found flow's "network layer" on the command line: Submit report writes the
/// payload's JSON to standard output or `--output FILE`. A write that fails (a folder that
/// does not exist) is a failed send: the flow keeps everything and Submit retries. With
/// `--save` (or `--store URL`) the report is stored too, and a store that fails is a failed
/// send as well.
final class PayloadWriter: FoundReportSubmitting {
    let destination: ReportDestination
    let options: ReportOptions
    private let lastFailure = Locked<String?>(nil)

    init(destination: ReportDestination, options: ReportOptions) {
        self.destination = destination
        self.options = options
    }

    /// Why the last write failed, if it did.
    var failure: String? { lastFailure.withLock { $0 } }

    func submit(_ payload: FoundReportPayload, photo: PhotoAttachment) async throws -> String {
        do {
            try destination.write(ReportJSON.found(payload))
            let stored = try await options.storeIfAsked(ReportRecords.found(payload))
            lastFailure.withLock { $0 = nil }
            return stored ?? destination.description
        } catch {
            lastFailure.withLock { $0 = String(describing: error) }
            throw error
        }
    }
}
