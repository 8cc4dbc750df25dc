extension CalendarDay {
    /// What ``init(parsing:)`` accepts, in words, for a prompt's hint or a placeholder:
    /// `DD/MM/YYYY, D/M/YYYY, DD.MM.YYYY or YYYY-MM-DD`.
    public static let acceptedFormats = "DD/MM/YYYY, D/M/YYYY, DD.MM.YYYY or YYYY-MM-DD"

    /// Parses `DD/MM/YYYY` (also with `.` or `-` between the parts, and one-digit day or
    /// month) or ISO `YYYY-MM-DD` (an ISO date-time's date part is accepted too:
    /// `2025-11-18T10:00:00Z`). Surrounding white space is ignored.
    ///
    /// ```swift
    /// try CalendarDay(parsing: "18/11/2025")             // Nov 18, 2025
    /// try CalendarDay(parsing: "2025-11-18T08:30:00Z")   // Nov 18, 2025
    /// try CalendarDay(parsing: "31/02/2025")             // throws .invalidDay
    /// ```
    ///
    /// - Throws: ``CalendarDayError``.
    public init(parsing text: some StringProtocol) throws(CalendarDayError) {
        let trimmed = text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed()
        let characters = Array(trimmed)
        if characters.count >= 10, characters[4] == "-", characters[7] == "-",
            characters.count == 10 || characters[10] == "T" || characters[10] == " "
        {
            let parts = [String(characters[0..<4]), String(characters[5..<7]), String(characters[8..<10])]
            guard let numbers = Self.numbers(parts) else { throw .invalidFormat }
            try self.init(year: numbers[0], month: numbers[1], day: numbers[2])
            return
        }
        let parts = String(characters).split(
            omittingEmptySubsequences: false, whereSeparator: { "/.-".contains($0) }
        ).map(String.init)
        guard parts.count == 3, (1...2).contains(parts[0].count), (1...2).contains(parts[1].count),
            parts[2].count == 4, let numbers = Self.numbers(parts)
        else { throw .invalidFormat }
        try self.init(year: numbers[2], month: numbers[1], day: numbers[0])
    }

    private static func numbers(_ parts: [String]) -> [Int]? {
        var result: [Int] = []
        for part in parts {
            guard !part.isEmpty, part.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(part) else {
                return nil
            }
            result.append(value)
        }
        return result
    }
}
