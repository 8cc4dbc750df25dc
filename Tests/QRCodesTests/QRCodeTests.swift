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

    @Test func aKnownLinkIsAVersion3CodeAndTheSVGDrawsExactlyItsDarkModules() throws {
        let code = try QRCode(Self.link)
        // 32 bytes in 8-bit mode at level M: version 3 (up to 42 bytes), 29 modules a side.
        #expect(code.width == 29)
        #expect(code.darkCount == Self.drawn(code.svg(label: "x"), side: code.width).count)
        var dark = Set<[Int]>()
        for row in 0..<code.width {
            for column in 0..<code.width where code.isDark(row: row, column: column) { dark.insert([row, column]) }
        }
        #expect(Self.drawn(code.svg(label: "x"), side: code.width) == dark)
        // The three finder patterns' corners are dark, their separators light.
        for (row, column) in [(0, 0), (0, 28), (28, 0)] { #expect(code.isDark(row: row, column: column)) }
        #expect(!code.isDark(row: 7, column: 7))
        #expect(code.svg(label: "x").hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 37 37\""))
    }

    @Test func theSVGHasOnePathAndAnEscapedAccessibleName() throws {
        let svg = try QRCode(Self.link).svg(label: "QR code of \"<pets>\" & more")
        #expect(svg.components(separatedBy: "<path").count == 2)
        #expect(svg.contains("role=\"img\" aria-label=\"QR code of &quot;&lt;pets&gt;&quot; &amp; more\""))
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

    /// The modules the SVG's path covers: `Mx yhNv1h-Nz` runs, less the quiet zone.
    static func drawn(_ svg: String, side: Int) -> Set<[Int]> {
        guard let start = svg.range(of: " d=\""), let end = svg[start.upperBound...].firstIndex(of: "\"") else {
            return []
        }
        var cells = Set<[Int]>()
        for run in svg[start.upperBound..<end].split(separator: "z") {
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
