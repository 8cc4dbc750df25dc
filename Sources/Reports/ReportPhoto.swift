public import Foundation
import Hashing
public import ReportSteps

/// A kept photo: its bytes, its type, and a tag for exactly these bytes.
public struct ReportPhoto: Sendable, Hashable {
    /// The image's bytes.
    public let bytes: Data
    /// Its format.
    public let type: ImageType
    /// The HTTP entity tag of these bytes (without quotes): the first 128 bits of their
    /// SHA-256 in hexadecimal, so the same photo has the same tag on every server.
    public let tag: String

    /// A photo of `type`, tagged by its bytes.
    public init(bytes: Data, type: ImageType) {
        self.init(bytes: bytes, type: type, tag: Self.tag(of: bytes))
    }

    /// A photo with the tag a store kept for it.
    public init(bytes: Data, type: ImageType, tag: String) {
        self.bytes = bytes
        self.type = type
        self.tag = tag
    }

    /// The tag of `bytes`: 32 hexadecimal digits.
    public static func tag(of bytes: Data) -> String {
        SHA256.hash(data: bytes).prefix(16).map { byte in
            let digits = Array("0123456789abcdef".utf8)
            return String(decoding: [digits[Int(byte >> 4)], digits[Int(byte & 15)]], as: UTF8.self)
        }.joined()
    }
}
