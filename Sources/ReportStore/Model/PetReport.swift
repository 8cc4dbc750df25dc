public import Geodata
public import Geodesy

/// One stored announcement: a missing-pet report (a place, a search radius, the animal, a
/// contact) or a found-pet report (where it was found, the animal, the finder's contact).
///
/// The fields are the announcement API's (spec 003, `GET /api/v1/announcements/:id`), so a
/// stored report renders as the Pet details card. Only the identifier, the kind and the
/// status are always present: a report imported from a CSV file of places may have nothing
/// else.
///
/// ```swift
/// let report = try PetReport.missing(id: "r-17", coordinate: warsaw, radius: SearchRadius(kilometers: 15))
/// report.nearbyEntry?.radius.meters      // 15000: an open missing report with a place
/// ```
public struct PetReport: Sendable, Hashable {
    /// The identifier (``ReportID`` rules: 1–128 characters, no control characters).
    public var id: String
    /// Missing or found.
    public var kind: ReportKind
    /// `ACTIVE`, `FOUND` or `CLOSED`.
    public var status: ReportStatus
    /// Missing: where the pet was last seen; found: where it was found.
    public var coordinate: Coordinate?
    /// Missing: how far around ``coordinate`` the pet may be.
    public var radius: SearchRadius?
    /// The place's name: `"Warsaw"`.
    public var place: String?
    /// The day last seen (missing) or found, `YYYY-MM-DD`.
    public var lastSeenDate: String?
    /// Species identifier in upper case: `"DOG"`.
    public var species: String?
    /// Breed.
    public var breed: String?
    /// `"MALE"` or `"FEMALE"`.
    public var gender: String?
    /// Approximate age in whole years.
    public var approximateAge: Int?
    /// Microchip digits.
    public var microchipNumber: String?
    /// Additional description.
    public var description: String?
    /// Contact phone.
    public var phone: String?
    /// Contact email.
    public var email: String?
    /// Found: the phone of whoever looks after the animal now, when not the finder (spec 004
    /// US3; sanitized digits and `+`). A contact detail: shown where phone and email are.
    public var caregiverPhone: String?
    /// Found: where the animal is now, several lines (spec 004 US3). A contact detail.
    public var currentAddress: String?
    /// The photo's URL.
    public var photoUrl: String?
    /// Reward text, shown as is.
    public var reward: String?
    /// When the report was made or last renewed, as ``ReportTimestamp`` text
    /// (`2026-12-06T16:10:00.000Z`): its age. A store sets it when it adds a report without one
    /// (every new report, whatever made it; an import keeps the one its file has) and when the
    /// report is renewed (``ReportStore/renew(id:)``); reports stored before it existed were
    /// given the time of the migration that added it. `nil` only in a report not yet stored.
    public var renewedAt: String?
    /// Who may change the report besides the operator: the SHA-256 of its owner token, in
    /// lower-case hex (``OwnerTokenHash``); `nil` for a report only the operator may change
    /// (imported on the command line). Never shown; a store keeps and exports it as it is.
    public var ownerTokenHash: String?
    /// The `Idempotency-Key` of the request that made the report (``IdempotencyKey``): the same
    /// request again finds this report instead of making another. Unique in a store; never
    /// shown; a store keeps and exports it as it is.
    public var idempotencyKey: String?

    /// A report with only its identity; set the other fields as needed.
    public init(id: String, kind: ReportKind, status: ReportStatus? = nil) {
        self.id = id
        self.kind = kind
        self.status = status ?? kind.openStatus
    }

    /// An open missing report with a place and a radius: what a CSV row of places holds.
    ///
    /// - Throws: ``ReportStoreError`` (invalid report) when `id` breaks the ``ReportID`` rules.
    public static func missing(id: String, coordinate: Coordinate, radius: SearchRadius, place: String? = nil)
        throws(ReportStoreError) -> PetReport
    {
        try ReportID.check(id)
        var report = PetReport(id: id, kind: .missing)
        report.coordinate = coordinate
        report.radius = radius
        report.place = place
        return report
    }

    /// The report as nearby search sees it, when it takes part: an `ACTIVE` missing report
    /// with a place and a radius.
    public var nearbyEntry: NearbyReport? {
        guard kind == .missing, status == .active, let coordinate, let radius else { return nil }
        return NearbyReport(id: id, coordinate: coordinate, radius: radius)
    }

    /// The report as the in-process nearby index keeps it: ``nearbyEntry`` with its
    /// ``matchFacts``.
    public var indexEntry: LiveNearbyIndex.Entry? {
        nearbyEntry.map { LiveNearbyIndex.Entry(report: $0, facts: matchFacts) }
    }

    /// What ranking a possible match needs of the report: its species and day.
    public var matchFacts: MatchFacts {
        MatchFacts(species: species, lastSeenDate: lastSeenDate, gender: gender, microchipNumber: microchipNumber)
    }
}

extension PetReport {
    /// The longest text a field may hold, in UTF-8 bytes.
    public static let maximumTextBytes = 4096

    /// Checks what every store requires of a report: a valid identifier, texts of at most
    /// ``maximumTextBytes`` without NUL, a radius only on a missing report, a status its kind
    /// has (``StatusTransitions/statuses(of:)``: a found report is never `ACTIVE`), an age of 0…100.
    ///
    /// - Throws: ``ReportStoreError`` (invalid report) naming the field.
    public func validate() throws(ReportStoreError) {
        try ReportID.check(id)
        // One switch a field (``ReportField/text(in:)``), no key paths: this runs for every row of an import.
        for field in ReportField.freeTexts { try Self.check(field, field.text(in: self)) }
        if kind == .found, radius != nil { throw .invalidReport("a found report has no search radius") }
        if !StatusTransitions.statuses(of: kind).contains(status) {
            let kept = StatusTransitions.statuses(of: kind).map(\.rawValue).joined(separator: " or ")
            throw .invalidReport("a \(kind.rawValue) report is never \(status.rawValue): it is \(kept)")
        }
        if let ownerTokenHash, !OwnerTokenHash.isWellFormed(ownerTokenHash) {
            throw .invalidReport("ownerTokenHash must be 64 lower-case hexadecimal digits")
        }
        if let idempotencyKey, let problem = IdempotencyKey.problem(idempotencyKey) {
            throw .invalidReport("idempotencyKey \(problem)")
        }
        if let renewedAt, ReportTimestamp.date(renewedAt) == nil {
            throw .invalidReport("renewedAt must be a UTC time such as 2026-12-06T16:10:00.000Z")
        }
        if let approximateAge, !(0...100).contains(approximateAge) {
            throw .invalidReport("approximateAge must be 0 to 100 years")
        }
    }

    /// Whether the UTF-8 `bytes` may be a text field of a report, without making a `String` of
    /// them: what ``validate()`` lets through (at most ``maximumTextBytes``, no NUL).
    public static func isValidText(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.count <= maximumTextBytes && !bytes.contains(0)
    }

    private static func check(_ field: ReportField, _ value: String?) throws(ReportStoreError) {
        guard let value else { return }
        if value.utf8.count > maximumTextBytes {
            throw .invalidReport("\(field.rawValue) is longer than \(maximumTextBytes) bytes")
        }
        if value.utf8.contains(0) { throw .invalidReport("\(field.rawValue) contains a NUL character") }
    }
}
