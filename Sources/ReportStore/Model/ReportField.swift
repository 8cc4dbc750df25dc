/// A report's fields, declared once: each case is one field of ``PetReport``, its raw value the
/// field's one name — the stored report's JSON member, a posted report's member, the step API's
/// and an answers file's field, a draft's key, the page's input name, the OpenAPI property —
/// and the case order is the order of a stored report's JSON (private fields last).
///
/// Everything else a front end or an engine needs of a field comes from here: its SQL column
/// (``column``), its codec (``value``), which kinds of report have it (``kinds``), who may see
/// it (``audience``), whether the card writes it `""` when absent (``isRequiredOnCard``), the
/// names a CSV header may give it (``csvNames``), and its value in a report (``text(in:)``,
/// ``setText(_:in:)``: one switch each, as fast as the property itself, for the loops that run
/// for every row of an import). As GRDB derives a record's columns from its `CodingKeys`, the
/// engines derive their column lists and read rows by these columns' names, so a field added
/// anywhere in the list moves nothing.
///
/// A new optional text field is its case here (its place in the JSON), its property in
/// ``PetReport``, a line in ``text(in:)`` and ``setText(_:in:)``, and a column in each engine's
/// next migration; the column's name, codec, kinds and audience have defaults.
///
/// ```swift
/// ReportField.breed.column                   // "breed"
/// ReportField.location.column                // "place"
/// ReportField.breed.text(in: report)         // report.breed
/// ReportField(rawValue: "animalRace")        // nil: one name per field
/// ```
public enum ReportField: String, CaseIterable, CodingKey, Sendable {
    /// The identifier (``ReportID``).
    case id
    /// `missing` or `found` (``ReportKind``).
    case kind
    /// `ACTIVE`, `FOUND`, `CLOSED` (``ReportStatus``).
    case status
    /// The photo's URL.
    case photoUrl
    /// The day last seen (missing) or found, `YYYY-MM-DD`.
    case lastSeenDate
    /// The species identifier in upper case: `DOG`.
    case species
    /// `FEMALE` or `MALE` (the form's Gender, or Sex on *Pet details*).
    case gender
    /// The breed (the form's Animal race, or Breed).
    case breed
    /// The additional description.
    case description
    /// The place's name: `Warsaw`.
    case location
    /// The search radius around the place, in kilometres (a missing report's).
    case locationRadius
    /// The place's latitude, degrees.
    case locationLatitude
    /// The place's longitude, degrees.
    case locationLongitude
    /// The contact phone.
    case phone
    /// The contact email.
    case email
    /// A found animal's caregiver's phone (spec 004 US3).
    case caregiverPhone
    /// Where a found animal is now, several lines (spec 004 US3).
    case currentAddress
    /// The microchip's digits (the Found form's Collar data).
    case microchipNumber
    /// The approximate age in whole years.
    case approximateAge
    /// Reward text, shown as is.
    case reward
    /// When the report was made or last renewed (``ReportTimestamp``, UTC): its age, after which
    /// an open report closes itself (``ReportLifetimes``). Set by the store, never posted.
    case renewedAt
    /// The SHA-256 of the owner token, lower-case hex (``OwnerTokenHash``).
    case ownerTokenHash
    /// The `Idempotency-Key` of the request that made the report (``IdempotencyKey``).
    case idempotencyKey

    /// How a field's value is kept and written.
    public enum Value: Sendable, Hashable {
        /// The identifier: text, always present.
        case id
        /// ``ReportKind``'s raw value, always present.
        case kind
        /// ``ReportStatus``'s raw value, always present.
        case status
        /// Optional text (``text(in:)``), at most ``PetReport/maximumTextBytes`` bytes.
        case text
        /// An optional whole number (``integer(in:)``).
        case wholeNumber
        /// The latitude of ``PetReport/coordinate`` (degrees; with the longitude or not at all).
        case latitude
        /// The longitude of ``PetReport/coordinate``.
        case longitude
        /// ``PetReport/radius``: kilometres in JSON, metres in a store.
        case radius
        /// An optional instant as ``ReportTimestamp`` text (``text(in:)``): kept and written as
        /// text, set by the store rather than by whoever posts a report.
        case timestamp
    }

    /// Who may see a field.
    public enum Audience: Sendable, Hashable {
        /// Anyone: lists, the card, the nearest reports.
        case `public`
        /// The report's own card and its owner: a contact detail, left out of lists.
        case contact
        /// Never shown: the store keeps it and an export carries it.
        case `private`
    }

    /// How the field's value is kept: an optional text unless said otherwise.
    public var value: Value {
        switch self {
        case .id: .id
        case .kind: .kind
        case .status: .status
        case .approximateAge: .wholeNumber
        case .locationLatitude: .latitude
        case .locationLongitude: .longitude
        case .locationRadius: .radius
        case .renewedAt: .timestamp
        default: .text
        }
    }

    /// The column both engines keep it in: the name in snake case (`lastSeenDate` →
    /// `last_seen_date`), except where the first schema chose another.
    public var column: String {
        switch self {
        case .location: "place"
        case .locationRadius: "radius_m"
        case .locationLatitude: "latitude"
        case .locationLongitude: "longitude"
        default: Self.snakeCase(rawValue)
        }
    }

    /// The kinds of report whose flow or body gives the field: both unless said otherwise.
    public var kinds: [ReportKind] {
        switch self {
        case .locationRadius, .approximateAge, .reward: [.missing]
        case .caregiverPhone, .currentAddress: [.found]
        default: [.missing, .found]
        }
    }

    /// Who may see it: anyone unless said otherwise.
    public var audience: Audience {
        switch self {
        case .phone, .email, .caregiverPhone, .currentAddress: .contact
        case .ownerTokenHash, .idempotencyKey: .private
        default: .public
        }
    }

    /// `true` for the texts the card requires (spec 003's announcement): written `""` when the
    /// report has none, where another absent value is `null`.
    public var isRequiredOnCard: Bool {
        switch self {
        case .photoUrl, .lastSeenDate, .species, .gender: true
        default: false
        }
    }

    /// The names a CSV header may give the field's column, the first as messages name it;
    /// empty for a field a CSV file does not carry (``ReportCSV``).
    public var csvNames: [String] {
        switch self {
        case .id: ["id"]
        case .locationLatitude: ["latitude", "lat"]
        case .locationLongitude: ["longitude", "lon", "lng"]
        case .locationRadius: ["radiusKm", "radius_km", "radius", "locationRadius"]
        case .location: ["location", "place"]
        case .status: ["status"]
        case .phone: ["phone"]
        case .email: ["email"]
        default: []
        }
    }

    /// The field's text in `report`; `nil` for a field that is not an optional text
    /// (``Value/text`` or ``Value/timestamp``) or that the report does not have.
    public func text(in report: PetReport) -> String? {
        switch self {
        case .photoUrl: report.photoUrl
        case .lastSeenDate: report.lastSeenDate
        case .species: report.species
        case .gender: report.gender
        case .breed: report.breed
        case .description: report.description
        case .location: report.place
        case .phone: report.phone
        case .email: report.email
        case .caregiverPhone: report.caregiverPhone
        case .currentAddress: report.currentAddress
        case .microchipNumber: report.microchipNumber
        case .reward: report.reward
        case .renewedAt: report.renewedAt
        case .ownerTokenHash: report.ownerTokenHash
        case .idempotencyKey: report.idempotencyKey
        case .id, .kind, .status, .locationRadius, .locationLatitude, .locationLongitude, .approximateAge: nil
        }
    }

    /// Sets the field's text in `report` (an optional text or timestamp field's; any other field
    /// is left as it is).
    public func setText(_ text: String?, in report: inout PetReport) {
        switch self {
        case .photoUrl: report.photoUrl = text
        case .lastSeenDate: report.lastSeenDate = text
        case .species: report.species = text
        case .gender: report.gender = text
        case .breed: report.breed = text
        case .description: report.description = text
        case .location: report.place = text
        case .phone: report.phone = text
        case .email: report.email = text
        case .caregiverPhone: report.caregiverPhone = text
        case .currentAddress: report.currentAddress = text
        case .microchipNumber: report.microchipNumber = text
        case .reward: report.reward = text
        case .renewedAt: report.renewedAt = text
        case .ownerTokenHash: report.ownerTokenHash = text
        case .idempotencyKey: report.idempotencyKey = text
        case .id, .kind, .status, .locationRadius, .locationLatitude, .locationLongitude, .approximateAge: break
        }
    }

    /// The field's whole number in `report` (``Value/wholeNumber``); `nil` for any other field.
    public func integer(in report: PetReport) -> Int? {
        self == .approximateAge ? report.approximateAge : nil
    }

    /// Sets the field's whole number in `report` (``Value/wholeNumber``).
    public func setInteger(_ value: Int?, in report: inout PetReport) {
        if self == .approximateAge { report.approximateAge = value }
    }

    /// The optional text fields, in order.
    public static let texts = allCases.filter { $0.value == .text }
    /// The text fields the store checks as free text (``PetReport/validate()``): every optional
    /// text but the private ones, which have rules of their own.
    public static let freeTexts = texts.filter { $0.audience != .private }
    /// The fields a stored report's JSON shows (``Audience/public`` and ``Audience/contact``).
    public static let shown = allCases.filter { $0.audience != .private }

    /// `lastSeenDate` → `last_seen_date`.
    static func snakeCase(_ name: String) -> String {
        var column = ""
        for character in name {
            if character.isUppercase {
                column += "_" + character.lowercased()
            } else {
                column.append(character)
            }
        }
        return column
    }
}
