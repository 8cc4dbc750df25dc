import Geodata
import OutsideInput
public import ReportStore

/// The Pet details screen's display values (spec 003), computed from an ``Announcement``:
/// every text the screen shows, `—` for every missing optional.
///
/// ```swift
/// let card = PetDetailsCard(announcement)
/// card.status.text            // "MISSING" (API "ACTIVE")
/// card.status.color           // .red
/// card.dateText               // "Nov 18, 2025"
/// card.microchipText          // "123-456-789-012"
/// card.genderText             // "♂ Male"
/// card.locationText           // "Warsaw • ±15 km"
/// ```
public struct PetDetailsCard: Sendable, Hashable {
    /// What a missing optional shows: an em dash.
    public static let dash = "\u{2014}"
    /// The photo placeholder when the image cannot be loaded (FR-001).
    public static let imageNotAvailable = "Image not available"

    /// The status badge over the photo.
    public struct StatusBadge: Sendable, Hashable {
        /// The badge's colors (FR-003).
        public enum Color: String, Sendable, Hashable {
            /// MISSING.
            case red
            /// FOUND.
            case blue
            /// CLOSED (and any status the app does not know).
            case gray
        }

        /// `"MISSING"`, `"FOUND"`, `"CLOSED"`.
        public let text: String
        /// Its color.
        public let color: Color

        /// The badge of an API status: ACTIVE→MISSING red, FOUND blue, CLOSED gray; another
        /// value is shown upper-cased, gray; a blank one as `—`, gray (never an empty badge).
        /// Surrounding white space is ignored.
        public init(apiStatus: String) {
            let status = apiStatus.trimmedNonEmpty?.uppercased() ?? ""
            switch status {
            case "ACTIVE", "MISSING": (text, color) = ("MISSING", .red)
            case "FOUND": (text, color) = ("FOUND", .blue)
            case "CLOSED": (text, color) = ("CLOSED", .gray)
            case "": (text, color) = (PetDetailsCard.dash, .gray)
            default: (text, color) = (status, .gray)
            }
        }
    }

    /// A label and a value, as the reusable label-value component shows them (FR-022), with
    /// the report's field it shows (``field``), so that a front end lays it out by that, never
    /// by its text.
    public struct LabelValue: Sendable, Hashable {
        /// The report's field the row shows (the place row: `location`, with the radius).
        public let field: ReportField
        /// The label.
        public let label: String
        /// The value (or `—`).
        public let value: String
        /// `true` when the announcement has no value for the row: ``value`` is `—`.
        public let isEmpty: Bool
        /// The identifier when tappable (phone, email), else `nil`.
        public let accessibilityIdentifier: String?

        init(_ field: ReportField, _ label: String, _ value: String, accessibilityIdentifier: String? = nil) {
            self.field = field
            self.label = label
            self.value = value
            isEmpty = value == PetDetailsCard.dash
            self.accessibilityIdentifier = accessibilityIdentifier
        }

        /// `true` for the short fields a screen cuts with an ellipsis when they are too long
        /// (species, breed, sex, age, microchip, place: spec 003 FR-014).
        public var isTruncated: Bool {
            [.microchipNumber, .species, .breed, .gender, .approximateAge, .location].contains(field)
        }
        /// `true` for the values shown in full on several lines: the description (FR-013) and
        /// the current address.
        public var isMultiline: Bool { field == .description || field == .currentAddress }
        /// `true` for the rows shown side by side in pairs: species and breed (FR-008), sex
        /// and age (FR-009).
        public var isHalfWidth: Bool { [.species, .breed, .gender, .approximateAge].contains(field) }
    }

    /// The photo's URL (empty when the announcement has none).
    public let photoURL: String
    /// What stands for the photo in text: its URL, or "Image not available" (FR-001) when the
    /// announcement has no usable one.
    public var photoText: String { photoURL.trimmedNonEmpty ?? Self.imageNotAvailable }
    /// Where "Show on the map" (FR-012) leads: OpenStreetMap at the place's coordinate, or a
    /// search for the place's name; `nil` without either (the seed's "No location data").
    public let mapURL: String?
    /// The text for an absent map link (spec 003 edge cases).
    public static let noLocationData = "No location data"
    /// The map button's title (FR-012).
    public static let showOnTheMap = "Show on the map"
    /// The status badge.
    public let status: StatusBadge
    /// `true` for the card of a found report (``Announcement/kind`` `found`): its labels speak
    /// of finding (``Labels``).
    public let isFoundReport: Bool
    /// The reward badge text, or `nil` to hide the badge (FR-004).
    public let rewardText: String?
    /// Date of disappearance, `MMM d, yyyy`.
    public let dateText: String
    /// The owner's phone, as is, or `nil` when absent (only available contacts are shown).
    public let phone: String?
    /// The owner's email, as is, or `nil`.
    public let email: String?
    /// The caregiver's phone (a found report's), or `nil`; shown with the contacts.
    public let caregiverPhone: String?
    /// Where the animal is now (a found report's), or `nil`; shown with the contacts.
    public let currentAddress: String?
    /// Microchip `000-000-000-000`, or `—`.
    public let microchipText: String
    /// Species display name.
    public let speciesText: String
    /// Breed, or `—`.
    public let breedText: String
    /// `"♂ Male"`, `"♀ Female"`.
    public let genderText: String
    /// `"3 years"`, or `—`.
    public let ageText: String
    /// `"Warsaw • ±15 km"`, or `—`.
    public let locationText: String
    /// Additional description in full, or `—`.
    public let descriptionText: String
    /// The rows of the texts the report's flow adds to its steps (``TextFieldCopy``: their
    /// card labels), each value as it is, or `—`.
    public let addedFields: [LabelValue]

    /// The display values of `announcement`.
    public init(_ announcement: Announcement) {
        photoURL = announcement.photoUrl
        status = StatusBadge(apiStatus: announcement.status)
        isFoundReport = announcement.kind == .found
        rewardText = announcement.reward?.trimmedNonEmpty
        dateText = Self.dateText(announcement.lastSeenDate)
        phone = announcement.phone?.trimmedNonEmpty
        email = announcement.email?.trimmedNonEmpty
        caregiverPhone = announcement.caregiverPhone?.trimmedNonEmpty
        currentAddress = announcement.currentAddress?.trimmedNonEmpty
        microchipText = Self.microchipText(announcement.microchipNumber)
        speciesText =
            SpeciesTaxonomy.option(id: announcement.species)?.displayName
            ?? announcement.species.trimmedNonEmpty ?? Self.dash
        breedText = announcement.breed?.trimmedNonEmpty ?? Self.dash
        genderText = Self.genderText(announcement.gender)
        ageText = Self.ageText(announcement.approximateAge)
        locationText = Self.locationLine(announcement) ?? Self.dash
        descriptionText = announcement.description?.trimmedNonEmpty ?? Self.dash
        mapURL = Self.mapURL(announcement)
        let added = announcement.kind == .found ? FoundFlowCopy.PetDetails.addedTexts : AnimalDescriptionCopy.addedTexts
        addedFields = added.map { copy in
            LabelValue(copy.field, copy.cardLabel, announcement.texts[copy.field]?.trimmedNonEmpty ?? Self.dash)
        }
    }

    /// `https://www.openstreetmap.org/?mlat=52.22970&mlon=21.01220#map=12/52.22970/21.01220` for
    /// a coordinate (a marker at the place), `https://www.openstreetmap.org/search?query=Warsaw`
    /// for a place name only (percent-encoded, so the URL is plain ASCII), else `nil`.
    static func mapURL(_ announcement: Announcement) -> String? {
        if let latitude = announcement.locationLatitude, let longitude = announcement.locationLongitude,
            let coordinate = try? Coordinate(latitude: latitude, longitude: longitude)
        {
            let (lat, lon) = (coordinate.latitude.formatted, coordinate.longitude.formatted)
            return "https://www.openstreetmap.org/?mlat=\(lat)&mlon=\(lon)#map=12/\(lat)/\(lon)"
        }
        guard let place = announcement.location?.trimmedNonEmpty else { return nil }
        return "https://www.openstreetmap.org/search?query=" + percentEncoded(place)
    }

    /// `text` with every byte but ASCII letters, digits and `-._~` as `%XX` (RFC 3986
    /// unreserved), so a place name can never carry a control character into a URL.
    static func percentEncoded(_ text: String) -> String {
        var result = ""
        for byte in text.utf8 {
            let scalar = Unicode.Scalar(byte)
            if byte < 0x80,
                scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-._~".contains(Character(scalar))
            {
                result.unicodeScalars.append(scalar)
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                result += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return result
    }

    /// This card's labels.
    public var labels: Labels { isFoundReport ? .found : .missing }

    /// The label-value pairs in screen order (FR-005–FR-013), then the texts the report's flow
    /// adds (``addedFields``); contacts only when present.
    public var fields: [LabelValue] {
        let labels = labels
        var fields = [LabelValue(.lastSeenDate, labels.date, dateText)]
        if let phone {
            fields.append(LabelValue(.phone, labels.contact, phone, accessibilityIdentifier: "petDetails.phone.tap"))
        }
        if let email {
            fields.append(LabelValue(.email, labels.contact, email, accessibilityIdentifier: "petDetails.email.tap"))
        }
        if let caregiverPhone {
            fields.append(
                LabelValue(
                    .caregiverPhone, Labels.caregiverPhone, caregiverPhone,
                    accessibilityIdentifier: PetDetailsPresenter.ID.caregiverPhone))
        }
        if let currentAddress { fields.append(LabelValue(.currentAddress, Labels.currentAddress, currentAddress)) }
        fields += [
            LabelValue(.microchipNumber, "Microchip number", microchipText),
            LabelValue(.species, "Animal Species", speciesText),
            LabelValue(.breed, "Animal Race", breedText),
            LabelValue(.gender, "Animal Sex", genderText),
            LabelValue(.approximateAge, "Animal Approx. Age", ageText),
            LabelValue(.location, labels.place, locationText),
            LabelValue(.description, "Animal Additional Description", descriptionText),
        ]
        return fields + addedFields
    }

    /// `Nov 18, 2025`; a date in a known format that does not exist (`2025-02-31`,
    /// `0000-13-99`) is `—`; text in no known format is shown as written.
    static func dateText(_ text: String) -> String {
        guard let trimmed = text.trimmedNonEmpty else { return dash }
        do {
            return try CalendarDay(parsing: trimmed).mediumText
        } catch .invalidFormat {
            return trimmed
        } catch {
            return dash
        }
    }

    /// 15 digits as `"12345-67890-12345"`, others in groups of three (`"123-456-789-012"`):
    /// ``MicrochipNumber/cardText(digits:)``.
    static func microchipText(_ text: String?) -> String {
        let digits = String((text ?? "").filter { $0.isASCII && $0.isNumber })
        return digits.isEmpty ? dash : MicrochipNumber.cardText(digits: digits)
    }

    static func genderText(_ gender: String) -> String {
        guard let sex = AnimalGender(rawValue: gender.uppercased()) else { return gender.trimmedNonEmpty ?? dash }
        return "\(sex.symbol) \(sex.displayName)"
    }

    /// The oldest approximate age shown, in years; a number past it (or negative) is `—`.
    static let maximumAgeYears = 100.0

    /// `"3 years"`, `"1 year"`, `"2.5 years"`; a number out of 0…100 (`1e+300`, `-4`) is `—`;
    /// text that is not a number (`"about 3"`) is shown as written.
    static func ageText(_ age: String?) -> String {
        guard let age = age?.trimmedNonEmpty else { return dash }
        guard age.allSatisfy({ "0123456789.eE+-".contains($0) }) else { return age }
        guard let years = PlainDecimal.parse(age), (0...maximumAgeYears).contains(years) else { return dash }
        let text = PlainDecimal.text(years)
        return text == "1" ? "1 year" : "\(text) years"
    }

    /// The location line through Geodata's ``RadiusDisplay``: the place (or coordinate) and
    /// the radius; an unusable radius is left out rather than hiding the place.
    static func locationLine(_ announcement: Announcement) -> String? {
        let coordinate = announcement.locationLatitude.flatMap { latitude in
            announcement.locationLongitude.flatMap { try? Coordinate(latitude: latitude, longitude: $0) }
        }
        if let line = try? RadiusDisplay.line(
            place: announcement.location, coordinate: coordinate, radiusKilometers: announcement.locationRadius)
        {
            return line
        }
        return RadiusDisplay.line(place: announcement.location, coordinate: coordinate, radius: nil)
    }
}
