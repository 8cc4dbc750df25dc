import Foundation
import ReportSteps
import Testing

@Suite("Dates: MMM d, yyyy without locale surprises, injectable today")
struct CalendarDayTests {
    @Test(arguments: [
        (2025, 11, 18, "Nov 18, 2025", "18/11/2025", "2025-11-18"),
        (2024, 2, 29, "Feb 29, 2024", "29/02/2024", "2024-02-29"),
        (1999, 1, 1, "Jan 1, 1999", "01/01/1999", "1999-01-01"),
        (2000, 12, 31, "Dec 31, 2000", "31/12/2000", "2000-12-31"),
    ])
    func formatsAreFixedEnglishPatterns(
        year: Int, month: Int, day: Int, medium: String, numeric: String, iso: String
    ) throws {
        let value = try CalendarDay(year: year, month: month, day: day)
        #expect(value.mediumText == medium)
        #expect(value.numericText == numeric)
        #expect(value.isoText == iso)
    }

    @Test func everyMonthHasItsEnglishAbbreviation() throws {
        let names = try (1...12).map { try CalendarDay(year: 2025, month: $0, day: 1).mediumText.prefix(3) }
        #expect(names == ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"])
    }

    @Test func matchesFoundationWithThePOSIXLocaleOverManyDays() throws {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "MMM d, yyyy"
        for days in stride(from: -40_000, through: 40_000, by: 97) {
            let date = Date(timeIntervalSince1970: Double(days) * 86_400)
            let day = CalendarDay(daysSince1970: days)
            #expect(day.mediumText == formatter.string(from: date))
            #expect(day.daysSince1970 == days)
        }
    }

    @Test(arguments: ["18/11/2025", "18.11.2025", "18-11-2025", " 2025-11-18 ", "2025-11-18T23:59:59Z"])
    func parsesDayFirstAndISO(text: String) throws {
        #expect(try CalendarDay(parsing: text).mediumText == "Nov 18, 2025")
    }

    @Test(arguments: [
        ("31/02/2025", CalendarDayError.invalidDay), ("2025/11/18", .invalidFormat),
        ("18/11/25", .invalidFormat), ("", .invalidFormat), ("aa/bb/cccc", .invalidFormat),
        ("00/01/2025", .invalidDay),
    ])
    func rejectsWhatIsNotADay(text: String, error: CalendarDayError) {
        #expect(throws: error) { try CalendarDay(parsing: text) }
    }

    @Test func todayFollowsTheInjectedInstantAndOffset() {
        // 2025-11-18 23:30 UTC: still the 18th in UTC, already the 19th in Warsaw (UTC+1).
        let instant = Date(timeIntervalSince1970: 1_763_508_600)
        #expect(Today.system(now: { instant }, utcOffsetSeconds: { _ in 0 }).day().mediumText == "Nov 18, 2025")
        #expect(Today.system(now: { instant }, utcOffsetSeconds: { _ in 3600 }).day().mediumText == "Nov 19, 2025")
        #expect(Today.system(now: { instant }, utcOffsetSeconds: { _ in -36_000 }).day().mediumText == "Nov 18, 2025")
    }

    @Test func codableIsISOTextAndDecodingChecksTheDay() throws {
        let day = try CalendarDay(year: 2025, month: 11, day: 18)
        let data = try JSONEncoder().encode([day])
        #expect(String(decoding: data, as: UTF8.self) == #"["2025-11-18"]"#)
        #expect(try JSONDecoder().decode([CalendarDay].self, from: data) == [day])
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([CalendarDay].self, from: Data(#"["2025-02-29"]"#.utf8))
        }
    }

    @Test func daysOutsideYears1To9999AreClamped() {
        #expect(CalendarDay(daysSince1970: Int.min / 2).isoText == "0001-01-01")
        #expect(CalendarDay(daysSince1970: Int.max / 2).isoText == "9999-12-31")
    }
}
