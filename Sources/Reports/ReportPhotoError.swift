/// Why a photo could not be kept, read or removed, with what happened.
///
/// A struct over a private enum (as hummingbird's `PersistError`), so reasons can be added:
/// ``reason`` tells callers which kind it is.
///
/// ```swift
/// catch let error as ReportPhotoError where error.reason == .notKept { … }   // 503
/// ```
public struct ReportPhotoError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kinds of failure.
    public struct Reason: Sendable, Hashable {
        private enum Value: Sendable, Hashable {
            case notKept, noReport, failed
        }

        private let value: Value

        /// There is nowhere to keep photos (a server started without a photo keeper).
        public static let notKept = Reason(value: .notKept)
        /// The report the photo is for is not stored (a store keeps photos of its reports only).
        public static let noReport = Reason(value: .noReport)
        /// The photo keeper failed: a folder that cannot be written, a file that cannot be read.
        public static let failed = Reason(value: .failed)
    }

    /// Which kind of failure.
    public let reason: Reason
    /// The message, naming the file or folder and the system's reason.
    public let description: String

    private init(_ reason: Reason, _ description: String) {
        self.reason = reason
        self.description = description
    }

    /// The keeper could not do `what`: the message says why.
    public static func failed(_ description: String) -> ReportPhotoError { ReportPhotoError(.failed, description) }

    /// The report is not stored: `description` says which.
    public static func noReport(_ description: String) -> ReportPhotoError { ReportPhotoError(.noReport, description) }

    /// Photos are not kept here.
    public static let notKept = ReportPhotoError(
        .notKept, "This server keeps no report photos (start it with petspot serve).")
}
