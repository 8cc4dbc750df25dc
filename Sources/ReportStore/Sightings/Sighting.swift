public import Foundation
public import Geodata

/// Someone saw a missing pet: where and when, a short note, and how to reach them (optional).
/// Kept with its report (removed with it) and made by someone who holds its own owner token,
/// of which the store keeps the digest (``makerTokenHash``), as it does a report's.
///
/// ```swift
/// let sighting = Sighting(reportID: "r-1", seenAt: noon, coordinate: park, note: "Ran north",
///                         makerTokenHash: hash, createdAt: now)
/// try sighting.checkStorable()
/// ```
public struct Sighting: Sendable, Hashable {
    /// The store's name for it: `sig-` and 32 hexadecimal digits.
    public var id: String
    /// The missing report it belongs to.
    public var reportID: String
    /// When the pet was seen.
    public var seenAt: Date
    /// Where the pet was seen (public as it is: a street, not someone's home).
    public var coordinate: Coordinate
    /// What the sighter wrote, at most ``noteLimit`` characters; empty when nothing.
    public var note: String
    /// The sighter's phone, shown only to the report's owner, the operator and the sighter.
    public var phone: String?
    /// The sighter's email, shown as ``phone`` is.
    public var email: String?
    /// The SHA-256 of the sighting's own owner token, 64 lower-case hexadecimal digits
    /// (``OwnerTokenHash``).
    public var makerTokenHash: String
    /// When it was stored.
    public var createdAt: Date

    /// The longest note kept: 500 characters.
    public static let noteLimit = 500

    public init(
        id: String = Self.newID(), reportID: String, seenAt: Date, coordinate: Coordinate, note: String = "",
        phone: String? = nil, email: String? = nil, makerTokenHash: String, createdAt: Date
    ) {
        self.id = id
        self.reportID = reportID
        self.seenAt = seenAt
        self.coordinate = coordinate
        self.note = note
        self.phone = phone
        self.email = email
        self.makerTokenHash = makerTokenHash
        self.createdAt = createdAt
    }

    /// A new identifier: `sig-` and 32 random hexadecimal digits.
    public static func newID() -> String {
        var generator = SystemRandomNumberGenerator()
        let digits = (0..<32).map { _ in String(generator.next(upperBound: UInt8(16)), radix: 16) }
        return "sig-" + digits.joined()
    }

    /// Refuses what a store must not keep: an empty id or report id, a note longer than
    /// ``noteLimit``, a maker token digest that is not one (``OwnerTokenHash/isWellFormed(_:)``).
    ///
    /// - Throws: ``ReportStoreError/Reason/invalidReport``.
    public func checkStorable() throws(ReportStoreError) {
        guard !id.isEmpty else { throw .invalidSighting(id, "it has no id") }
        guard !reportID.isEmpty else { throw .invalidSighting(id, "it names no report") }
        guard note.count <= Self.noteLimit else {
            throw .invalidSighting(id, "its note is longer than \(Self.noteLimit) characters")
        }
        guard OwnerTokenHash.isWellFormed(makerTokenHash) else {
            throw .invalidSighting(id, "its makerTokenHash is not 64 lower-case hexadecimal digits")
        }
    }

    /// The email as two are compared ("forget me"): trimmed, in lower case; `nil` without one.
    package var emailKey: String? {
        email.map(OutboxMail.addressKey).flatMap { $0.isEmpty ? nil : $0 }
    }
}
