import Foundation
import OutsideInput

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
    /// Breed.
    public var breed: String?
    /// Additional description.
    public var description: String?
    /// The place's name: `"Warsaw"`.
    public var location: String?
    /// Radius around the place, kilometres.
    public var locationRadius: Double?
    /// Latitude, when the backend sends it.
    public var locationLatitude: Double?
    /// Longitude, when the backend sends it.
    public var locationLongitude: Double?
    /// Owner's phone.
    public var phone: String?
    /// Owner's email.
    public var email: String?
    /// Microchip digits (mocked locally in phase 1).
    public var microchipNumber: String?
    /// Approximate age in years (mocked locally in phase 1).
    public var approximateAge: String?
    /// Reward text, shown as is (mocked locally in phase 1).
    public var reward: String?
    /// A found report's caregiver phone (spec 004 US3), when the finder gave one.
    public var caregiverPhone: String?
    /// Where a found animal is now (spec 004 US3), several lines.
    public var currentAddress: String?

    /// An announcement from its values (what a store holds), with no JSON in between.
    public init(
        id: String?, photoUrl: String, status: String, lastSeenDate: String, species: String, gender: String,
        breed: String? = nil, description: String? = nil, location: String? = nil, locationRadius: Double? = nil,
        locationLatitude: Double? = nil, locationLongitude: Double? = nil, phone: String? = nil,
        email: String? = nil, microchipNumber: String? = nil, approximateAge: String? = nil, reward: String? = nil,
        kind: ReportDraft.Flow? = nil, caregiverPhone: String? = nil, currentAddress: String? = nil
    ) {
        self.id = id
        self.caregiverPhone = caregiverPhone
        self.currentAddress = currentAddress
        self.kind = kind
        self.photoUrl = photoUrl
        self.status = status
        self.lastSeenDate = lastSeenDate
        self.species = species
        self.gender = gender
        self.breed = breed
        self.description = description
        self.location = location
        self.locationRadius = locationRadius
        self.locationLatitude = locationLatitude
        self.locationLongitude = locationLongitude
        self.phone = phone
        self.email = email
        self.microchipNumber = microchipNumber
        self.approximateAge = approximateAge
        self.reward = reward
    }

    enum CodingKeys: String, CodingKey {
        case id, kind, photoUrl, status, lastSeenDate, species, gender, breed, description, location, locationRadius
        case locationLatitude, locationLongitude, phone, email, microchipNumber, approximateAge, reward
        case caregiverPhone, currentAddress
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.flexibleString(.id)
        // Tolerant like the rest: an unknown kind is a card that does not say which.
        kind = try container.flexibleString(.kind).flatMap(ReportDraft.Flow.init(rawValue:))
        photoUrl = try container.decode(String.self, forKey: .photoUrl)
        status = try container.decode(String.self, forKey: .status)
        lastSeenDate = try container.decode(String.self, forKey: .lastSeenDate)
        species = try container.decode(String.self, forKey: .species)
        gender = try container.decode(String.self, forKey: .gender)
        breed = try container.flexibleString(.breed)
        description = try container.flexibleString(.description)
        location = try container.flexibleString(.location)
        locationRadius = try container.flexibleDouble(.locationRadius)
        locationLatitude = try container.flexibleDouble(.locationLatitude)
        locationLongitude = try container.flexibleDouble(.locationLongitude)
        phone = try container.flexibleString(.phone)
        email = try container.flexibleString(.email)
        microchipNumber = try container.flexibleString(.microchipNumber)
        approximateAge = try container.flexibleString(.approximateAge)
        reward = try container.flexibleString(.reward)
        caregiverPhone = try container.flexibleString(.caregiverPhone)
        currentAddress = try container.flexibleString(.currentAddress)
    }
}

extension KeyedDecodingContainer where Key == Announcement.CodingKeys {
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
