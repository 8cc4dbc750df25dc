import ReportSteps
import Testing

@testable import Reports

/// The day matching reads from its bytes is the day `CalendarDay(parsing:)` reads, whatever
/// the stored text.
struct MatchDayTests {
    @Test(arguments: [
        "2025-11-17", "2024-02-29", "2025-02-29", "2025-13-01", "2025-11-17T08:30:00Z", " 2025-11-17",
        "2025-11-17 ", "17/11/2025", "2025-1-7", "", "abcd-ef-gh", "2025-11-170", "0000-01-01", "1899-12-31",
        "２０２５-11-17",
    ])
    func theStoredFormIsReadAsCalendarDayReadsIt(text: String) {
        #expect(ReportMatching.day(text) == (try? CalendarDay(parsing: text)))
    }
}
