import Geodata
import ReportSteps

/// Shared test values.
enum Fixtures {
    /// Nov 18, 2025 — "today" in every test.
    static let today: CalendarDay = {
        do { return try CalendarDay(year: 2025, month: 11, day: 18) } catch { preconditionFailure("\(error)") }
    }()

    static let fixedToday = Today.fixed(today)

    static let warsaw: Coordinate = {
        do { return try Coordinate(latitude: 52.229_676, longitude: 21.012_229) } catch {
            preconditionFailure("\(error)")
        }
    }()

    static let dog = SpeciesTaxonomy.options[0]
    static let cat = SpeciesTaxonomy.options[1]

    static let pngBytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
    static let jpegBytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0, 16] + Array("JFIF".utf8)
    static let gifBytes: [UInt8] = Array("GIF89a".utf8) + [1, 0, 1, 0]
    static let webpBytes: [UInt8] = Array("RIFF".utf8) + [36, 0, 0, 0] + Array("WEBPVP8 ".utf8)
    static let heicBytes: [UInt8] = [0, 0, 0, 24] + Array("ftypheic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8)
}
