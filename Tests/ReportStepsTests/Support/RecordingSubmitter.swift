import Locking
import ReportSteps

/// The front end's network layer for these tests: records every payload and fails the
/// first `failures` sends with a network error, as a lost connection would.
final class RecordingSubmitter: FoundReportSubmitting {
    struct NetworkDown: Error {}

    private let state: Locked<(failures: Int, payloads: [FoundReportPayload])>

    init(failures: Int = 0) {
        state = Locked((failures, []))
    }

    var payloads: [FoundReportPayload] { state.withLock { $0.payloads } }

    func submit(_ payload: FoundReportPayload, photo: PhotoAttachment) async throws -> String {
        let fail = state.withLock { state in
            state.payloads.append(payload)
            if state.failures > 0 {
                state.failures -= 1
                return true
            }
            return false
        }
        if fail { throw NetworkDown() }
        return "announcement-\(payloads.count)"
    }
}
