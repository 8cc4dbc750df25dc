/// Why a text has no QR code; ``description`` is the message a person reads.
public struct QRCodeError: Error, Sendable, Hashable, CustomStringConvertible {
    enum Reason: Sendable, Hashable {
        case empty
        case tooLong(bytes: Int)
        case libraryMissing(String)
        case failed(String)
    }

    let reason: Reason

    init(_ reason: Reason) { self.reason = reason }

    /// Whether the text was longer than a QR code holds (``QRCode/maximumBytes``).
    public var isTooLong: Bool {
        if case .tooLong = reason { return true }
        return false
    }

    /// Whether libqrencode cannot be opened on this machine.
    public var isLibraryMissing: Bool {
        if case .libraryMissing = reason { return true }
        return false
    }

    public var description: String {
        switch reason {
        case .empty: "a QR code needs some text; this one is empty"
        case .tooLong(let bytes):
            "the text is \(bytes) bytes; a QR code at level M holds at most \(QRCode.maximumBytes): shorten it"
        case .libraryMissing(let why): "QR codes are not available: \(why)"
        case .failed(let why): "the QR code could not be made: \(why)"
        }
    }
}
