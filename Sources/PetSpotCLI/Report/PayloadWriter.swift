import Locking
import ReportSteps
import Reports

/// The Found flow's "network layer" on the command line: Submit report writes the
/// payload's JSON to standard output or `--output FILE`, and the photo — which the app
/// uploads alongside, not inside the JSON — beside that file (``photoPath(for:photo:)``).
/// A write that fails (a folder that does not exist) is a failed send: the flow keeps
/// everything, the toast says what failed, and Submit retries. With `--save` (or
/// `--store URL`) the report is stored too, and a store that fails is a failed send as well.
final class PayloadWriter: FoundReportSubmitting {
    let destination: ReportDestination
    let options: ReportOptions
    private let written = Locked<(failure: String?, photo: String?)>((nil, nil))

    init(destination: ReportDestination, options: ReportOptions) {
        self.destination = destination
        self.options = options
    }

    /// Why the last write failed, if it did.
    var failure: String? { written.withLock { $0.failure } }

    /// Where the last successful submission wrote the photo; `nil` when it wrote none (the
    /// payload went to standard output, a pipe or a device, which has no "beside").
    var photoPath: String? { written.withLock { $0.photo } }

    func submit(_ payload: FoundReportPayload, photo: PhotoAttachment) async throws -> String {
        do throws(FileWriteError) {
            var photoPath: String?
            if case .file(let path) = destination, let besides = Self.photoPath(for: path, photo: photo) {
                try OutputFile.write(photo.bytes, to: besides)
                photoPath = besides
            }
            try destination.write(ReportJSON.found(payload))
            written.withLock { $0 = (nil, photoPath) }
        } catch {
            written.withLock { $0 = (error.description, nil) }
            throw FoundReportSubmissionFailure("We couldn\u{2019}t write your report: \(error.description)")
        }
        do {
            let stored = try await options.storeIfAsked(ReportRecords.found(payload))
            return stored ?? destination.description
        } catch {
            let reason = String(describing: error)
            written.withLock { $0 = (reason, nil) }
            throw FoundReportSubmissionFailure("We couldn\u{2019}t store your report: \(reason)")
        }
    }

    /// The photo's file beside the payload file `output`: the same folder and name with
    /// `-photo` and the photo's own extension (`out/report.json` → `out/report-photo.png`).
    /// `nil` when `output` is not a file path (`-`, a FIFO, a device, `/dev/stdout`).
    static func photoPath(for output: String, photo: PhotoAttachment) -> String? {
        guard output != "-", case .replace(let target, _)? = try? OutputTarget.resolve(output) else { return nil }
        let folder = OutputTarget.folder(of: target)
        var name = String(target.split(separator: "/", omittingEmptySubsequences: false).last ?? "")
        if let dot = name.lastIndex(of: "."), dot != name.startIndex { name = String(name[..<dot]) }
        let file = "\(name)-photo.\(photo.type.rawValue.lowercased())"  // .png, .jpg
        return folder == "." && !target.hasPrefix("./") ? file : folder + "/" + file
    }
}
