/// A photo the person picked: its name, bytes and format (recognised from the bytes).
///
/// ```swift
/// let photo = try PhotoAttachment(filename: "luna.png", bytes: pngBytes)
/// photo.type            // .png
/// photo.sizeText        // "2.4 MB"
/// ```
public struct PhotoAttachment: Sendable, Hashable {
    /// The file name shown on the confirmation card.
    public let filename: String
    /// The file's content.
    public let bytes: [UInt8]
    /// The format found in the content.
    public let type: ImageType

    /// A photo from a file's name and content.
    ///
    /// - Throws: ``PhotoError/unsupportedType`` when the content is not JPG, PNG, HEIC, GIF
    ///   or WEBP (whatever the name says); ``PhotoError/empty`` for an empty file.
    public init(filename: String, bytes: [UInt8]) throws(PhotoError) {
        guard !bytes.isEmpty else { throw .empty }
        guard let type = ImageType.detect(bytes) else { throw .unsupportedType }
        self.filename = filename
        self.bytes = bytes
        self.type = type
    }

    /// The size in bytes.
    public var byteCount: Int { bytes.count }

    /// The size as on the confirmation card: `"812 B"`, `"45.3 KB"`, `"2.4 MB"` (decimal
    /// units, one decimal, `.` separator whatever the locale).
    public var sizeText: String { Self.sizeText(byteCount: byteCount) }

    /// A byte count as on the confirmation card (see ``sizeText``); without `decimals`, a
    /// whole number of units is written without `.0` (`"10 MB"`, as in a limit).
    public static func sizeText(byteCount count: Int, decimals: Bool = true) -> String {
        if count < 1000 { return "\(count) B" }
        let units = ["KB", "MB", "GB"]
        var value = Double(count) / 1000
        var unit = 0
        while value >= 999.95 && unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        let tenths = Int((value * 10).rounded())
        if !decimals, tenths % 10 == 0 { return "\(tenths / 10) \(units[unit])" }
        return "\(tenths / 10).\(tenths % 10) \(units[unit])"
    }
}

/// Why a picked file is not accepted as a photo.
public enum PhotoError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file is empty.
    case empty
    /// The content is none of the accepted formats.
    case unsupportedType
    /// The content is a format this flow does not accept (the Found flow takes PNG or JPG).
    case typeNotAccepted(ImageType)
    /// The file is larger than the flow accepts.
    case tooLarge(byteCount: Int, limit: Int)
    /// The content starts as a `type` image but is not a whole one (cut short, or lengths
    /// that point past its end): `message` says what is wrong and what to do.
    case damaged(ImageType, message: String)

    /// The message a person sees.
    public var description: String {
        switch self {
        case .empty: "This file is empty. Choose a photo."
        case .unsupportedType: "This file is not a JPG, PNG, HEIC, GIF or WEBP image. Choose a photo."
        case .typeNotAccepted(let type): "\(type) photos are not accepted here. Choose a PNG or JPG photo."
        case .tooLarge(let byteCount, let limit):
            Self.tooLargeMessage(byteCount: byteCount, limit: limit)
        case .damaged(_, let message): message
        }
    }

    /// `"This photo is 20.2 MB; the largest photo we take is 10 MB. Choose a smaller one."`;
    /// a size that would read as the limit itself (`10.0 MB` for 10,000,001 bytes) is said as
    /// "larger than": "This photo is larger than 10 MB, the largest photo we take. …".
    private static func tooLargeMessage(byteCount: Int, limit: Int) -> String {
        let largest = PhotoAttachment.sizeText(byteCount: limit, decimals: false)
        let size = PhotoAttachment.sizeText(byteCount: byteCount)
        guard size != PhotoAttachment.sizeText(byteCount: limit) else {
            return "This photo is larger than \(largest), the largest photo we take. Choose a smaller one."
        }
        return "This photo is \(size); the largest photo we take is \(largest). Choose a smaller one."
    }
}
