import Foundation
import Geodata

/// How both stores keep a subscription: kinds and species as comma-separated text (sorted, so
/// equal sets are equal texts), times as ``ReportTimestamp`` text, and the checks that keep
/// every stored one readable and findable.
extension Subscription {
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

    /// A subscription from the values a store read, each checked.
    ///
    /// - Throws: ``ReportStoreError/Reason/storage`` for a value no petspot writes (a
    ///   coordinate out of range, an unknown kind, a time in another form): the store was
    ///   changed by another program.
    package init(
        storedID id: String, email: String, latitude: Double, longitude: Double, radiusMeters: Double,
        kinds kindsText: String, species speciesText: String, token: String, createdAt: String,
        confirmedAt: String?
    ) throws(ReportStoreError) {
        func bad(_ detail: String) -> ReportStoreError {
            .storage("reading subscription \(id)", "\(detail); the store was changed by another program")
        }
        let center: Coordinate
        do {
            center = try Coordinate(latitude: latitude, longitude: longitude)
        } catch {
            throw bad("its centre \(latitude), \(longitude) is not a place (\(error))")
        }
        guard radiusMeters.isFinite, radiusMeters >= 0 else { throw bad("its radius \(radiusMeters) m") }
        var kinds: Set<ReportKind> = []
        for name in kindsText.split(separator: ",", omittingEmptySubsequences: false) {
            guard let kind = ReportKind(rawValue: String(name)) else {
                throw bad("an unknown kind \(ReportStoreError.quoted(String(name)))")
            }
            kinds.insert(kind)
        }
        let species =
            speciesText.isEmpty
            ? [] : Set(speciesText.split(separator: ",", omittingEmptySubsequences: false).map(String.init))
        guard let created = ReportTimestamp.date(createdAt) else { throw bad("its creation time \(createdAt)") }
        var confirmed: Date?
        if let confirmedAt {
            guard let date = ReportTimestamp.date(confirmedAt) else {
                throw bad("its confirmation time \(confirmedAt)")
            }
            confirmed = date
        }
        self.init(
            id: id, email: email, center: center, radiusMeters: radiusMeters, kinds: kinds, species: species,
            token: token, createdAt: created, confirmedAt: confirmed)
    }
}
