import Foundation
import Geodata
import OutsideInput
public import ReportStore

/// One announcement as `GET /api/v1/announcements/:id` returns it (spec 003 "Key entities").
///
/// Decoding is tolerant: every optional may be missing or `null`; numbers that some
/// backends send as strings (age, microchip, radius) are read either way. The required
/// fields — `photoUrl`, `status`, `lastSeenDate`, `species`, `gender` — must be present.
///
/// Numbers are bounded where they enter: a text field sent as a number keeps it only when it
/// reads back as written (whole numbers up to 10^15, fractions without an exponent), so
/// a `microchipNumber` of `1e300` is absent rather than the digits `1300`; a number sent as text
/// must be plain decimal (`"15"`, not `"0x10"`, `"nan"` or `"inf"`). Out-of-range values then
/// show as `—` on the card (or leave the radius out), never trap.
///
/// ```swift
/// let announcement = try JSONDecoder().decode(Announcement.self, from: data)
/// ```
public struct Announcement: Sendable, Hashable, Decodable {
    /// Identifier.
    public var id: String?
    /// Which flow made the report (`kind`: `missing` or `found`), when the backend sends it;
    /// the card of a found report speaks of finding ("Date found", "Contact finder").
    public var kind: ReportDraft.Flow?
    /// The photo's URL.
    public var photoUrl: String
    /// `ACTIVE`, `FOUND` or `CLOSED`.
    public var status: String
    /// `YYYY-MM-DD` (or an ISO date-time).
    public var lastSeenDate: String
    /// Species, as stored: `"DOG"`.
    public var species: String
    /// `"MALE"` or `"FEMALE"`.
    public var gender: String
    /// Radius around the place, kilometres.
    public var locationRadius: Double?
    /// Latitude, when the backend sends it.
    public var locationLatitude: Double?
    /// Longitude, when the backend sends it.
    public var locationLongitude: Double?
    /// Approximate age in years (mocked locally in phase 1).
    public var approximateAge: String?
    /// Every other text the announcement has (breed, description, the place's name, the
    /// contacts, the microchip, the reward…), by field: the optional texts of ``ReportField``.
    public var texts: [ReportField: String]

    /// The optional texts an announcement reads: ``ReportField``'s shown texts (not the
    /// private ones) that are not required on the card.
    public static let optionalTexts = ReportField.texts.filter { $0.audience != .private && !$0.isRequiredOnCard }

    /// An announcement from its values (what a store holds), with no JSON in between.
    public init(
        id: String?, photoUrl: String, status: String, lastSeenDate: String, species: String, gender: String,
        locationRadius: Double? = nil, locationLatitude: Double? = nil, locationLongitude: Double? = nil,
        approximateAge: String? = nil, kind: ReportDraft.Flow? = nil, texts: [ReportField: String] = [:]
    ) {
        self.id = id
        self.kind = kind
        self.photoUrl = photoUrl
        self.status = status
        self.lastSeenDate = lastSeenDate
        self.species = species
        self.gender = gender
        self.locationRadius = locationRadius
        self.locationLatitude = locationLatitude
        self.locationLongitude = locationLongitude
        self.approximateAge = approximateAge
        self.texts = texts.filter { Self.optionalTexts.contains($0.key) }
    }

    /// The announcement of a stored report (what `GET /v1/reports/{id}` answers); `photoUrl`
    /// (where its kept photo is served) wins over the one it was stored with.
    public init(_ report: PetReport, photoUrl: String? = nil) {
        self.init(
            id: report.id, photoUrl: photoUrl ?? report.photoUrl ?? "", status: report.status.rawValue,
            lastSeenDate: report.lastSeenDate ?? "", species: report.species ?? "", gender: report.gender ?? "",
            locationRadius: report.radius?.kilometers, locationLatitude: report.coordinate?.latitude.degrees,
            locationLongitude: report.coordinate?.longitude.degrees,
            approximateAge: report.approximateAge.map(String.init),
            kind: ReportDraft.Flow(rawValue: report.kind.rawValue),
            texts: Dictionary(
                uniqueKeysWithValues: Self.optionalTexts.compactMap { field in
                    field.text(in: report).map { (field, $0) }
                }))
    }

    /// Breed.
    public var breed: String? { texts[.breed] }
    /// Additional description.
    public var description: String? { texts[.description] }
    /// The place's name: `"Warsaw"`.
    public var location: String? { texts[.location] }
    /// Owner's phone.
    public var phone: String? { texts[.phone] }
    /// Owner's email.
    public var email: String? { texts[.email] }
    /// Microchip digits (mocked locally in phase 1).
    public var microchipNumber: String? { texts[.microchipNumber] }
    /// Reward text, shown as is (mocked locally in phase 1).
    public var reward: String? { texts[.reward] }
    /// A found report's caregiver phone (spec 004 US3), when the finder gave one.
    public var caregiverPhone: String? { texts[.caregiverPhone] }
    /// Where a found animal is now (spec 004 US3), several lines.
    public var currentAddress: String? { texts[.currentAddress] }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: ReportField.self)
        id = try container.flexibleString(.id)
        // Tolerant like the rest: an unknown kind is a card that does not say which.
        kind = try container.flexibleString(.kind).flatMap(ReportDraft.Flow.init(rawValue:))
        photoUrl = try container.decode(String.self, forKey: .photoUrl)
        status = try container.decode(String.self, forKey: .status)
        lastSeenDate = try container.decode(String.self, forKey: .lastSeenDate)
        species = try container.decode(String.self, forKey: .species)
        gender = try container.decode(String.self, forKey: .gender)
        locationRadius = try container.flexibleDouble(.locationRadius)
        locationLatitude = try container.flexibleDouble(.locationLatitude)
        locationLongitude = try container.flexibleDouble(.locationLongitude)
        approximateAge = try container.flexibleString(.approximateAge)
        var texts: [ReportField: String] = [:]
        for field in Self.optionalTexts { texts[field] = try container.flexibleString(field) }
        self.texts = texts
    }
}

extension KeyedDecodingContainer where Key == ReportField {
    /// A string, or a number written as a string; `nil` when missing, `null`, or a number that
    /// would not read back as written (past 10^15, or only in exponent form: `1e+300`).
    fileprivate func flexibleString(_ key: Key) throws -> String? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        if let text = try? decode(String.self, forKey: key) { return text }
        if let number = try? decode(Int.self, forKey: key) {
            return number.magnitude < 1_000_000_000_000_000 ? String(number) : nil
        }
        let number = try decode(Double.self, forKey: key)
        let text = PlainDecimal.text(number)
        return number.isFinite && !text.contains("e") ? text : nil
    }

    /// A number, or a string holding a plain decimal one; `nil` when missing, `null` or not a
    /// finite number.
    fileprivate func flexibleDouble(_ key: Key) throws -> Double? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        if let number = try? decode(Double.self, forKey: key) { return number.isFinite ? number : nil }
        return PlainDecimal.parse(try decode(String.self, forKey: key).trimmingCharacters(in: .whitespaces))
    }
}
