/// Days and dates in the proleptic Gregorian calendar, counted from 1970-01-01 (Howard
/// Hinnant, "chrono-Compatible Low-Level Date Algorithms": `civil_from_days`,
/// `days_from_civil`). One copy for every module that turns days into dates: ISO 8601 times
/// (Location), NMEA dates (Scenarios) and report days (ReportSteps). Integer arithmetic only:
/// no calendar, locale or time zone is loaded.
///
/// ```swift
/// CivilDays.date(fromDays: 0)                          // (1970, 1, 1)
/// CivilDays.days(fromYear: 2025, month: 11, day: 17)   // 20409
/// CivilDays.daysIn(month: 2, year: 2024)               // 29
/// ```
public enum CivilDays {
    /// Year, month (1–12) and day (1–31) of the day `days` after 1970-01-01 (before it when
    /// negative). Exact for |`days`| below 2^61; callers pass days of years 1…9999.
    @inlinable
    public static func date(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// Days from 1970-01-01 to the day (negative before it); the inverse of
    /// ``date(fromDays:)``. The parts are not checked: see ``daysIn(month:year:)``.
    @inlinable
    public static func days(fromYear year: Int64, month: Int64, day: Int64) -> Int64 {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// How many days `month` (1–12) of `year` has: 28–31.
    @inlinable
    public static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Whether `year` is a leap year of the Gregorian calendar.
    @inlinable
    public static func isLeap(_ year: Int64) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }
}
