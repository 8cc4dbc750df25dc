public import Foundation
public import Geodata
import Geodesy

/// Someone who asked to be mailed when a pet is reported near a place: an area (a circle of
/// ``radiusMeters`` around ``center``), the kinds and species they care about, and whether they
/// confirmed the address (double opt-in: an unconfirmed subscription is never mailed, and lapses
/// after ``confirmationWindow``).
///
/// ```swift
/// let subscription = try Subscription(email: "ann@example.org", center: warsaw, radiusMeters: 5_000,
///                                     kinds: [.found], species: ["dog"], token: token, createdAt: now)
/// subscription.covers(kind: .found, species: "Dog", at: praga)   // false until confirmed
/// ```
public struct Subscription: Sendable, Hashable {
    /// The store's name for it: `sub-` and 32 hexadecimal digits.
    public var id: String
    /// Where alerts go.
    public var email: String
    /// The centre of the area.
    public var center: Coordinate
    /// The area's radius, ``radiusRange``.
    public var radiusMeters: Double
    /// The kinds of report to mail (never empty: all kinds when none were named).
    public var kinds: Set<ReportKind>
    /// The species to mail, lower-cased; empty: every species.
    public var species: Set<String>
    /// The secret in the subscription's links (confirm, unsubscribe): 32 hexadecimal digits.
    public var token: String
    /// When it was asked for.
    public var createdAt: Date
    /// When its address was confirmed; `nil` before.
    public var confirmedAt: Date?

    /// 500 m to 50 km.
    public static let radiusRange: ClosedRange<Double> = 500...50_000
    /// How long a subscription waits for its confirmation: 48 hours.
    public static let confirmationWindow: TimeInterval = 48 * 3600
    /// The longest species name kept.
    public static let speciesLimit = 40

    public init(
        id: String = Self.newID(), email: String, center: Coordinate, radiusMeters: Double,
        kinds: Set<ReportKind> = Set(ReportKind.allCases), species: Set<String> = [], token: String,
        createdAt: Date, confirmedAt: Date? = nil
    ) {
        self.id = id
        self.email = email
        self.center = center
        self.radiusMeters = radiusMeters
        self.kinds = kinds.isEmpty ? Set(ReportKind.allCases) : kinds
        self.species = Set(species.map { $0.lowercased() })
        self.token = token
        self.createdAt = createdAt
        self.confirmedAt = confirmedAt
    }

    /// Whether a report of `kind` and `species` at `coordinate` is one this subscription mails:
    /// confirmed, of a kind and species asked for, and inside the circle as subscribed (the
    /// geodesic distance at most the radius; no match margin widens it).
    public func covers(kind: ReportKind, species reportSpecies: String?, at coordinate: Coordinate) -> Bool {
        guard confirmedAt != nil, kinds.contains(kind) else { return false }
        if !species.isEmpty {
            guard let reportSpecies, species.contains(reportSpecies.lowercased()) else { return false }
        }
        return distanceMeters(to: coordinate) <= radiusMeters
    }

    /// The geodesic distance from the centre to `coordinate`, in metres.
    public func distanceMeters(to coordinate: Coordinate) -> Double {
        Geodesic.wgs84.inverse(from: center, to: coordinate).meters
    }

    /// Whether it waited longer than ``confirmationWindow`` for its confirmation at `time`.
    public func hasLapsed(at time: Date) -> Bool {
        confirmedAt == nil && time.timeIntervalSince(createdAt) > Self.confirmationWindow
    }

    /// A new identifier: `sub-` and 32 random hexadecimal digits.
    public static func newID() -> String { "sub-" + randomHex() }

    /// A new link secret: 32 random hexadecimal digits (128 bits from the system's generator).
    public static func newToken() -> String { randomHex() }

    /// Whether `text` has a token's form (so a malformed one is refused before any query).
    public static func isToken(_ text: String) -> Bool {
        text.utf8.count == 32 && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    private static func randomHex() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<16).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
    }
}
