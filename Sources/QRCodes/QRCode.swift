import CLazyLibraries

/// A QR code (ISO/IEC 18004) of some text, at error correction level M (about 15 % of the
/// code may be torn or soiled and it still reads), made by Debian's libqrencode (opened at the
/// first code: a server without it answers a clear error, never a crash).
///
/// ```swift
/// let code = try QRCode("https://petspot.example/pets/r-1")
/// code.width                      // 29: modules a side, without the quiet zone
/// code.side                       // 37: the drawing's side, quiet zone included
/// code.pathData                   // "M4 4h7v1h-7z…": the dark modules as an SVG path
/// ```
public struct QRCode: Sendable, Hashable {
    /// The modules a side (21 for version 1 … 177 for version 40), without the quiet zone.
    public let width: Int
    /// `width * width` modules, row by row: `true` is dark.
    let modules: [Bool]

    /// The most bytes of text a code holds at level M (version 40, 8-bit mode).
    public static let maximumBytes = 2331
    /// The light margin around the code every reader needs: 4 modules (ISO/IEC 18004, section 6.3.8).
    public static let quietZone = 4

    /// The code of `text`'s UTF-8 bytes, all of them (a NUL byte too), in the smallest version
    /// that holds them.
    ///
    /// - Throws: ``QRCodeError`` when the text is empty or longer than ``maximumBytes``, or
    ///   libqrencode cannot be opened (the message names the package to install).
    public init(_ text: String) throws(QRCodeError) {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty else { throw QRCodeError(.empty) }
        guard bytes.count <= Self.maximumBytes else { throw QRCodeError(.tooLong(bytes: bytes.count)) }
        let side = Int(PETSPOT_QRCODE_MAX_WIDTH)
        var cells = [UInt8](repeating: 0, count: side * side)
        var error = [CChar](repeating: 0, count: 512)
        var width: Int32 = 0
        let answer = petspot_qrcode_encode(
            bytes, Int32(bytes.count), &cells, Int32(cells.count), &width, &error, Int32(error.count))
        switch answer {
        case PETSPOT_QRCODE_OK: break
        case PETSPOT_QRCODE_TOO_LONG: throw QRCodeError(.tooLong(bytes: bytes.count))
        case PETSPOT_QRCODE_NO_LIBRARY: throw QRCodeError(.libraryMissing(Self.text(error)))
        default: throw QRCodeError(.failed(Self.text(error)))
        }
        self.width = Int(width)
        modules = cells.prefix(Int(width) * Int(width)).map { $0 != 0 }
    }

    /// Whether the module at `row`, `column` (0 ..< ``width``) is dark; `false` outside the code.
    public func isDark(row: Int, column: Int) -> Bool {
        guard (0..<width).contains(row), (0..<width).contains(column) else { return false }
        return modules[row * width + column]
    }

    /// How many modules are dark.
    public var darkCount: Int { modules.count { $0 } }

    /// The side of the drawing, in modules: the code and its quiet zone on both sides.
    public var side: Int { width + 2 * Self.quietZone }

    /// The dark modules as an SVG path (`d`), one unit a module, offset by the quiet zone: each
    /// row's runs of dark modules as rectangles (`M4 4h7v1h-7z…`). Digits and `Mhvz-` only, so a
    /// page template draws it in a `<path d>` of a ``side``-unit `viewBox` as it is.
    public var pathData: String {
        var path = ""
        for row in 0..<width {
            var column = 0
            while column < width {
                guard isDark(row: row, column: column) else {
                    column += 1
                    continue
                }
                var run = 1
                while isDark(row: row, column: column + run) { run += 1 }
                path += "M\(column + Self.quietZone) \(row + Self.quietZone)h\(run)v1h-\(run)z"
                column += run
            }
        }
        return path
    }

    private static func text(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
