import Geodata
import Geodesy
import ReportStore

/// What tells two pets apart, beside their species: shelter software scores an identical
/// microchip above everything (ASM3 gives it 50 points against 5 for each other trait), and a
/// known opposite sex rules a match out.
extension ReportMatching {
    /// The open reports of `kind` with `report`'s microchip key (``MicrochipKey``) and a place
    /// that the rules by place left out (not in `matched`): the same pet by its chip, whatever
    /// the distance, the day, or a sex or species typed wrong — ranked after the chip matches by
    /// place (beyond every circle, score 0). `meters` measures each one's place as the caller
    /// shows distances.
    static func chipOnly(
        for report: PetReport, kind: ReportKind, matched: Set<String>, in store: any ReportStore,
        meters: (Coordinate) -> Double
    ) async throws(ReportStoreError) -> [Match] {
        guard let key = MicrochipKey.key(report.microchipNumber) else { return [] }
        return try await store.openReports(of: kind, microchipKey: key).compactMap { other in
            guard !matched.contains(other.id), let place = other.coordinate else { return nil }
            return Match(report: other, meters: meters(place), score: 0, sameMicrochip: true, beyondCircle: true)
        }
    }

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
