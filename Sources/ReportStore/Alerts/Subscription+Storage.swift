import Foundation
import Geodata

/// How both stores keep a subscription: kinds and species as comma-separated text (sorted, so
/// equal sets are equal texts), times as ``ReportTimestamp`` text, and the checks that keep
/// every stored one readable and findable.
extension Subscription: StoredRecord {
    /// Refuses what a store could not keep or find again: a radius outside ``radiusRange`` (the
    /// covering query's pre-filter reaches no further than its upper bound), a species that is
    /// empty, too long or holds a comma (the column's separator), an empty address or token.
    package func checkStorable() throws(ReportStoreError) {
        guard Self.radiusRange.contains(radiusMeters) else {
            throw .invalidSubscription(
                id,
                "its radius \(radiusMeters) m is outside \(Self.radiusRange.lowerBound)…"
                    + "\(Self.radiusRange.upperBound) m")
        }
        for name in species where name.isEmpty || name.contains(",") || name.count > Self.speciesLimit {
            throw .invalidSubscription(
                id,
                "the species \(ReportStoreError.quoted(name)) is empty, holds a comma or is longer than "
                    + "\(Self.speciesLimit) characters")
        }
        guard !email.isEmpty else { throw .invalidSubscription(id, "it has no address") }
        guard !token.isEmpty else { throw .invalidSubscription(id, "it has no token") }
    }

    /// The kinds' raw values, sorted, comma-separated: `found,missing`.
    package var kindsText: String { kinds.map(\.rawValue).sorted().joined(separator: ",") }

    /// The species, sorted, comma-separated; empty: every species.
    package var speciesText: String { species.sorted().joined(separator: ",") }

    package static let storedNoun = "subscription"

    /// The columns of table `subscription`.
    package static let storedColumns = [
        "id", "email", "latitude", "longitude", "radius_m", "kinds", "species", "token", "created_at", "confirmed_at",
    ]

    /// A subscription from a row of ``storedColumns``, each value checked.
    ///
    /// - Throws: ``ReportStoreError/Reason/storage`` for a value no petspot writes (a
    ///   coordinate out of range, an unknown kind, a time in another form): the store was
    ///   changed by another program.
    package init(stored row: some StoredRow) throws(ReportStoreError) {
        let id = try row.text("id")
        let center = try Self.storedCoordinate(row, id: id, "its centre")
        let radiusMeters = try row.double("radius_m")
        guard radiusMeters.isFinite, radiusMeters >= 0 else { throw Self.changed(id, "its radius \(radiusMeters) m") }
        var kinds: Set<ReportKind> = []
        for name in try row.text("kinds").split(separator: ",", omittingEmptySubsequences: false) {
            guard let kind = ReportKind(rawValue: String(name)) else {
                throw Self.changed(id, "an unknown kind \(ReportStoreError.quoted(String(name)))")
            }
            kinds.insert(kind)
        }
        let speciesText = try row.text("species")
        let species =
            speciesText.isEmpty
            ? [] : Set(speciesText.split(separator: ",", omittingEmptySubsequences: false).map(String.init))
        let created = try Self.requiredTime(row, id: id, "created_at", "its creation time")
        let confirmed = try Self.storedTime(row, id: id, "confirmed_at", "its confirmation time")
        self.init(
            id: id, email: try row.text("email"), center: center, radiusMeters: radiusMeters, kinds: kinds,
            species: species, token: try row.text("token"), createdAt: created, confirmedAt: confirmed)
    }
}
