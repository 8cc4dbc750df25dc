/// What tells two pets apart, beside their species: shelter software scores an identical
/// microchip above everything (ASM3 gives it 50 points against 5 for each other trait), and a
/// known opposite sex rules a match out.
extension ReportMatching {
    /// Both sexes known (`FEMALE`, `MALE`, any case) and different: not the same pet.
    static func oppositeSex(_ one: String?, _ other: String?) -> Bool {
        guard let one = known(one), let other = known(other) else { return false }
        return one != other
    }

    private static func known(_ gender: String?) -> String? {
        guard let gender = gender?.uppercased(), gender == "FEMALE" || gender == "MALE" else { return nil }
        return gender
    }

    /// Both microchip numbers given and the same digits (spaces and hyphens ignored).
    static func sameMicrochip(_ one: String?, _ other: String?) -> Bool {
        guard let one = digits(one), let other = digits(other) else { return false }
        return one == other
    }

    private static func digits(_ number: String?) -> String? {
        let digits = number.map { String($0.unicodeScalars.filter { ("0"..."9").contains($0) }) } ?? ""
        return digits.isEmpty ? nil : digits
    }
}
