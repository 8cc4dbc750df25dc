/// Why an image's metadata could not be removed: the file is not what its format says, or it
/// is cut short or lies about its own lengths. The ``description`` is the message a person
/// sees, naming the format, where the file goes wrong, and what to do.
///
/// A struct over a private enum (as hummingbird's `PersistError`), so reasons can be added;
/// ``reason`` tells callers which kind it is.
///
/// ```swift
/// catch let error as PhotoMetadataError where error.reason == .truncated { … }
/// error.description
/// // "This JPG image is damaged: a segment at byte 2,048 runs past the end of the file (…)."
/// ```
public struct PhotoMetadataError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kinds of failure.
    public struct Reason: Sendable, Hashable, CustomStringConvertible {
        private enum Value: String, Sendable, Hashable {
            case notThisFormat = "not this format", truncated, malformed
        }

        private let value: Value

        /// `"truncated"`, `"malformed"`, `"not this format"`.
        public var description: String { value.rawValue }

        /// The bytes do not start as the format does (a file whose type was guessed wrong).
        public static let notThisFormat = Reason(value: .notThisFormat)
        /// A length or offset in the file points past its end: it was cut short.
        public static let truncated = Reason(value: .truncated)
        /// The file's structure is broken: a block that cannot be there, a length that cannot be.
        public static let malformed = Reason(value: .malformed)
    }

    /// Which kind of failure.
    public let reason: Reason
    /// The format the file was read as.
    public let format: ImageFormat
    /// What is wrong, in words, without the advice (`"a segment at byte 2,048 runs past the end"`).
    public let problem: String

    init(_ reason: Reason, _ format: ImageFormat, _ problem: String) {
        self.reason = reason
        self.format = format
        self.problem = problem
    }

    /// The message: what is wrong with the file and what to do about it.
    public var description: String {
        let what =
            reason == .notThisFormat
            ? "This file is not a \(format) image: \(problem)."
            : "This \(format) image is damaged: \(problem)."
        return what + " Save it again from a photo app or an image editor, or choose another photo."
    }

    /// `format`'s file does not start as that format does.
    static func notThisFormat(_ format: ImageFormat, _ problem: String) -> PhotoMetadataError {
        PhotoMetadataError(.notThisFormat, format, problem)
    }

    /// Something at `offset` runs past the end of the file.
    static func truncated(_ format: ImageFormat, _ what: String, at offset: Int) -> PhotoMetadataError {
        PhotoMetadataError(
            .truncated, format, "\(what) at byte \(ByteCount.grouped(offset)) runs past the end of the file")
    }

    /// The file ends before `what`.
    static func endsEarly(_ format: ImageFormat, before what: String) -> PhotoMetadataError {
        PhotoMetadataError(.truncated, format, "the file ends before \(what)")
    }

    /// The structure is broken: `problem` says how.
    static func malformed(_ format: ImageFormat, _ problem: String) -> PhotoMetadataError {
        PhotoMetadataError(.malformed, format, problem)
    }
}
