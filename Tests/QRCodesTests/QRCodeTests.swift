import Foundation
import LocationTestSupport
import Testing

@testable import QRCodes

/// The posters' QR codes (issue 46 item 2): libqrencode's modules at level M, drawn as one SVG
/// path, read back by a real reader (Debian's zbarimg); texts no code holds are errors.
@Suite(
    .enabled(
        if: ProcessInfo.processInfo.environment["CI"] == "true"
            || FileManager.default.fileExists(atPath: "/usr/lib/x86_64-linux-gnu/libqrencode.so.4"),
        "libqrencode is not installed"))
struct QRCodeTests {
    static let link = "https://petspot.example/pets/r-1"

    @Test func aKnownLinkIsAVersion3CodeAndItsPathDrawsExactlyItsDarkModules() throws {
        let code = try QRCode(Self.link)
        // 32 bytes in 8-bit mode at level M: version 3 (up to 42 bytes), 29 modules a side.
        #expect(code.width == 29)
        #expect(code.darkCount == Self.drawn(code.pathData).count)
        var dark = Set<[Int]>()
        for row in 0..<code.width {
            for column in 0..<code.width where code.isDark(row: row, column: column) { dark.insert([row, column]) }
        }
        #expect(Self.drawn(code.pathData) == dark)
        // The three finder patterns' corners are dark, their separators light.
        for (row, column) in [(0, 0), (0, 28), (28, 0)] { #expect(code.isDark(row: row, column: column)) }
        #expect(!code.isDark(row: 7, column: 7))
        #expect(code.side == 37)
    }

    @Test func thePathIsRectanglesInsideTheQuietZoneWithNothingToEscape() throws {
        let code = try QRCode(Self.link)
        let path = code.pathData
        #expect(path.hasPrefix("M4 4h7v1h-7z"))
        #expect(path.allSatisfy { $0.isASCII && ($0.isNumber || "Mhvz- ".contains($0)) })
        #expect(Self.drawn(path).allSatisfy { $0.allSatisfy { (0..<code.width).contains($0) } })
    }

    @Test func aRealReaderReadsTheCodeBack() async throws {
        let zbarimg = URL(fileURLWithPath: "/usr/bin/zbarimg")
        try #require(
            ProcessInfo.processInfo.environment["CI"] == "true" || FileManager.default.fileExists(atPath: zbarimg.path),
            "zbarimg (zbar-tools) is not installed")
        for text in [Self.link, "Zażółć gęślą jaźń 🐕", String(repeating: "long text ", count: 100)] {
            let code = try QRCode(text)
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("qr-\(UUID().uuidString).pgm")
            defer { try? FileManager.default.removeItem(at: file) }
            try Self.pgm(code, scale: 4).write(to: file)
            let read = try await ProcessRun.run(zbarimg, ["--raw", "-q", file.path])
            #expect(read.status == 0, "\(read.stderr)")
            #expect(read.stdout.trimmingCharacters(in: .newlines) == text)
        }
    }

    @Test func aTextLongerThanACodeHoldsIsAClearError() {
        let text = String(repeating: "x", count: QRCode.maximumBytes + 1)
        #expect(throws: QRCodeError.self) { try QRCode(text) }
        do {
            _ = try QRCode(String(repeating: "a", count: 10_000))
            Issue.record("10 kB made a code")
        } catch {
            #expect(error.isTooLong)
            #expect(error.description.contains("at most 2331"))
        }
        #expect(throws: QRCodeError.self) { try QRCode("") }
    }

    @Test func theLargestTextIsAVersion40Code() throws {
        let code = try QRCode(String(repeating: "x", count: QRCode.maximumBytes))
        #expect(code.width == 177)
    }

    @Test(arguments: ["a\u{0}b", "\u{0}", String(repeating: "\u{0}", count: 500), "\u{202E}<script>\u{FFFF}", "\r\n\t"])
    func hostileTextMakesACodeNotACrash(_ text: String) throws {
        let code = try QRCode(text)
        #expect(code.width >= 21 && code.width <= 177 && (code.width - 17) % 4 == 0)
        // Every byte is encoded, NUL included: the text after a NUL makes a different code.
        if text == "a\u{0}b" { #expect(try QRCode("a") != code) }
    }

    /// The modules an SVG path (``QRCode/pathData``) covers: `Mx yhNv1h-Nz` runs, less the quiet zone.
    static func drawn(_ path: String) -> Set<[Int]> {
        var cells = Set<[Int]>()
        for run in path.split(separator: "z") {
            let numbers = run.split(whereSeparator: { "Mhv ".contains($0) }).compactMap { Int($0) }
            guard numbers.count == 5 else { continue }
            let (column, row, length) = (numbers[0] - QRCode.quietZone, numbers[1] - QRCode.quietZone, numbers[2])
            for offset in 0..<length { cells.insert([row, column + offset]) }
        }
        return cells
    }

    /// A binary PGM (P5) of `code` with its quiet zone, `scale` pixels a module.
    static func pgm(_ code: QRCode, scale: Int) -> Data {
        let side = (code.width + 2 * QRCode.quietZone) * scale
        var data = Data("P5\n\(side) \(side)\n255\n".utf8)
        for y in 0..<side {
            for x in 0..<side {
                let row = y / scale - QRCode.quietZone
                let column = x / scale - QRCode.quietZone
                data.append(code.isDark(row: row, column: column) ? 0 : 255)
            }
        }
        return data
    }
}
