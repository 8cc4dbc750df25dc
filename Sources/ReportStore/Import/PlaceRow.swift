public import Geodata

/// A valid CSV row of places (``ReportCSV``: an open or closed missing report with its place,
/// radius and optional place name, phone and email) as the bytes of the file: what an engine
/// writes without making a `String` or a ``PetReport`` for it (SQLite binds the bytes where
/// they are).
///
/// The row passed every rule ``PetReport/validate()`` checks. Its bytes are the source's and
/// are valid only until the ``ReportSource/forEachRecord(_:end:)`` that handed it returns.
public struct PlaceRow {
    /// The row's line in the file.
    public let line: Int
    /// The identifier (``ReportID/isValid(utf8:)``).
    public let id: UnsafeBufferPointer<UInt8>
    /// Where the pet was last seen.
    public let coordinate: Coordinate
    /// How far around ``coordinate`` the pet may be.
    public let radius: SearchRadius
    /// `ACTIVE` unless the file's status column says otherwise.
    public let status: ReportStatus
    /// The place's name, the phone and the email (``PetReport/isValidText(utf8:)``); `nil`
    /// when the file has no such column or the field is empty.
    public let place: UnsafeBufferPointer<UInt8>?
    public let phone: UnsafeBufferPointer<UInt8>?
    public let email: UnsafeBufferPointer<UInt8>?

    /// The kind of every place row.
    public var kind: ReportKind { .missing }

    /// The optional texts (``ReportField/Value/text``) a row of places carries: ``text(_:)``
    /// has each of them, any other is `nil`. A CSV column of another text makes its row a
    /// report (``ReportCSV``).
    public static let texts: [ReportField] = [.location, .phone, .email]

    /// The bytes of `field`'s text: ``place``, ``phone`` or ``email``; `nil` for any other
    /// field, or when the row has none (an engine binds each column by its field: the same
    /// column list its insert names, whatever order the columns are in).
    public func text(_ field: ReportField) -> UnsafeBufferPointer<UInt8>? {
        switch field {
        case .location: place
        case .phone: phone
        case .email: email
        default: nil
        }
    }

    /// The identifier as text.
    public var idText: String { String(decoding: id, as: UTF8.self) }

    /// The same row as a report, for what needs one (a message, an index entry, an engine that
    /// writes reports).
    public var report: PetReport {
        var report = Self.report(id: idText, coordinate: coordinate, radius: radius, status: status)
        for field in Self.texts {
            if let bytes = text(field) { field.setText(String(decoding: bytes, as: UTF8.self), in: &report) }
        }
        return report
    }

    /// The missing report a CSV row of places makes, before its texts.
    static func report(id: String, coordinate: Coordinate, radius: SearchRadius, status: ReportStatus) -> PetReport {
        var report = PetReport(id: id, kind: .missing, status: status)
        report.coordinate = coordinate
        report.radius = radius
        return report
    }
}

/// A row of an import as a source hands it to an engine: a ``ReportRow``, or a valid row of
/// places still in the file's bytes.
public enum ImportRecord {
    /// A report or an invalid row.
    case row(ReportRow)
    /// A valid row of places (``PlaceRow``).
    case place(PlaceRow)
}
