public import Foundation
public import ReportSteps

/// A kept photo: its bytes and its type.
public struct ReportPhoto: Sendable, Hashable {
    /// The image's bytes.
    public let bytes: Data
    /// Its format.
    public let type: ImageType

    /// A photo of `type`.
    public init(bytes: Data, type: ImageType) {
        self.bytes = bytes
        self.type = type
    }
}
