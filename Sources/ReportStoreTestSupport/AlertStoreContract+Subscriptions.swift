import Foundation
import Geodata
import Geodesy
import ReportStore

/// The contract's checks of subscriptions: storing, confirming, lapsing, listing, removing, and
/// the covering query against a brute-force `covers`; and of stopped match alerts.
extension AlertStoreContract {
    static func subscription(
        _ id: String, _ email: String = "ann@example.org", at center: Coordinate = ReportStoreContract.warsaw,
        meters: Double = 5_000, created: Date = time(0), confirmed: Date? = nil
    ) -> Subscription {
        Subscription(
            id: id, email: email, center: center, radiusMeters: meters, kinds: [.found], species: ["dog", "cat"],
            token: Subscription.newToken(), createdAt: created, confirmedAt: confirmed)
    }

    static func subscriptions(_ store: any ReportStore, _ log: inout [String]) async throws {
        let ann = subscription("sub-a", created: time(0))
        let newer = subscription("sub-b", created: time(3600))
        let other = subscription("sub-c", "bob@example.org", meters: 50_000, created: time(60))
        let old = subscription("sub-d", created: time(-49 * 3600))
        let imported = subscription(
            "sub-e", "bob@example.org", created: time(-90 * 86_400), confirmed: time(-89 * 86_400))
        let all = [ann, newer, other, old, imported]
        for subscription in all { try await store.addSubscription(subscription) }
        let listed = try await store.subscriptions(afterID: nil, limit: 10)
        if listed != all.sorted(by: { $0.id < $1.id }) { log.append("they read back as \(listed), not as added") }
        let page = try await store.subscriptions(afterID: "sub-b", limit: 2).map(\.id)
        if page != ["sub-c", "sub-d"] { log.append("the page after sub-b (2) is \(page)") }
        let anns = try await store.subscriptions(email: "ann@example.org").map(\.id)
        if anns != ["sub-b", "sub-a", "sub-d"] { log.append("ann's subscriptions, newest first, are \(anns)") }
        if try await !store.subscriptions(email: "ANN@example.org").isEmpty {
            log.append("an address matched in another case")
        }

        try await ReportStoreContract.expectError(.duplicateID, &log, "adding a stored id") {
            try await store.addSubscription(subscription("sub-a"))
        }
        var sameToken = subscription("sub-f")
        sameToken.token = ann.token
        try await ReportStoreContract.expectError(.duplicateID, &log, "adding a stored token") {
            try await store.addSubscription(sameToken)
        }
        try await ReportStoreContract.expectError(.invalidReport, &log, "adding a radius of 60 km") {
            try await store.addSubscription(subscription("sub-g", meters: 60_000))
        }
        if try await store.subscriptions(afterID: "sub-e", limit: 10).count != 0 {
            log.append("a refused one was kept")
        }

        // Confirming: the one with the token, at the time given; again: as it is; lapsed: nil.
        let confirmed = try await store.confirmSubscription(token: ann.token, at: time(7200))
        var expected = ann
        expected.confirmedAt = time(7200)
        if confirmed != expected { log.append("confirming gave \(String(describing: confirmed)), not \(expected)") }
        let again = try await store.confirmSubscription(token: ann.token, at: time(9000))
        if again != expected { log.append("confirming twice gave \(String(describing: again)), not \(expected)") }
        if try await store.confirmSubscription(token: Subscription.newToken(), at: time(0)) != nil {
            log.append("an unknown token confirmed something")
        }
        if try await store.confirmSubscription(token: old.token, at: time(0)) != nil {
            log.append("a subscription made 49 hours before was confirmed")
        }
        let window = try await store.confirmSubscription(token: other.token, at: time(60 + 48 * 3600))
        if window?.confirmedAt != time(60 + 48 * 3600) { log.append("one 48 hours old (not lapsed) was not confirmed") }
        let stored = try await store.subscriptions(afterID: nil, limit: 10)
        if stored.first(where: { $0.id == "sub-a" }) != expected { log.append("a confirmation did not last") }
        if stored.first(where: { $0.id == "sub-d" })?.confirmedAt != nil { log.append("a lapsed one is confirmed") }

        // Removing: by token whatever the state, by id (unknown: not found), the unconfirmed
        // made before a time (not the confirmed, not the newer).
        if try await store.removeSubscriptions(token: ann.token) != 1 { log.append("removing by token did not give 1") }
        if try await store.removeSubscriptions(token: ann.token) != 0 { log.append("removing twice did not give 0") }
        try await store.removeSubscription(id: "sub-c")
        try await ReportStoreContract.expectError(.notFound, &log, "removing an unknown id") {
            try await store.removeSubscription(id: "sub-c")
        }
        let swept = try await store.removeUnconfirmedSubscriptions(createdBefore: time(3600))
        if swept != 1 { log.append("removing the unconfirmed before +1 h removed \(swept), not 1 (sub-d)") }
        let left = try await store.subscriptions(afterID: nil, limit: 10).map(\.id)
        if left != ["sub-b", "sub-e"] { log.append("after the removals \(left) are left, not sub-b and sub-e") }
        if try await store.removeUnconfirmedSubscriptions(createdBefore: time(3601)) != 1 { log.append("sub-b stayed") }
        try await store.removeSubscription(id: "sub-e")
    }

    /// 200 random subscriptions (half confirmed, around Warsaw, across the antimeridian and near
    /// the north pole) and 50 places — half random, half within 0.5 m of a circle's edge, inside
    /// and out: the store answers what `covers` over every stored one does, in identifier order.
    static func covering(_ store: any ReportStore, _ log: inout [String]) async throws {
        var generator = SplitMix(seed: 45)
        let areas: [(latitude: Double, longitude: Double)] = [(52.2, 21.0), (-16.5, 179.8), (89.6, 0)]
        func place(near area: (latitude: Double, longitude: Double)) -> Coordinate {
            let latitude = min(89.99, area.latitude + (generator.unit() - 0.5) * 0.8)
            var longitude = area.longitude + (generator.unit() - 0.5) * (area.latitude > 89 ? 360 : 1.2)
            if longitude > 180 { longitude -= 360 }
            if longitude < -180 { longitude += 360 }
            return ReportStoreContract.place(latitude, longitude)
        }
        var stored: [Subscription] = []
        for number in 0..<200 {
            let center = place(near: areas[number % areas.count])
            let meters = Subscription.radiusRange.lowerBound + generator.unit() * 49_500
            let id = String(format: "sub-%016llx%016llx", generator.next(), generator.next())
            stored.append(
                subscription(id, at: center, meters: meters, confirmed: number % 2 == 0 ? time(number) : nil))
        }
        for subscription in stored { try await store.addSubscription(subscription) }
        var places: [(Coordinate, String)] = (0..<25).map { (place(near: areas[$0 % areas.count]), "random") }
        for number in 0..<25 {
            let target = stored[Int(generator.next() % 200)]
            let inside = number % 2 == 0
            let reach = target.radiusMeters + (inside ? -0.5 : 0.5)
            let edge = try Geodesic.wgs84.destination(
                from: target.center, bearing: generator.unit() * 360, distance: reach)
            places.append((edge.coordinate, "\(inside ? "0.5 m inside" : "0.5 m outside") \(target.id)"))
            let covers = target.distanceMeters(to: edge.coordinate) <= target.radiusMeters
            if covers != inside { log.append("the check's own edge place is not where it should be: \(target.id)") }
        }
        var hits = 0
        for (coordinate, what) in places {
            let expected = stored.filter { $0.covers(kind: .found, species: "dog", at: coordinate) }.map(\.id).sorted()
            let got = try await store.confirmedSubscriptions(covering: coordinate).map(\.id)
            hits += expected.count
            if got != expected {
                log.append("covering \(coordinate) (\(what)): \(got.count) ids \(diff(got, expected))")
            }
        }
        if hits < 50 { log.append("only \(hits) coverings in all: the check tests too little") }
        for subscription in stored { try await store.removeSubscription(id: subscription.id) }
    }

    /// The ids the stopped-match-alerts check stops (`r-stop-a` twice)…
    static let stoppedIDs: Set<String> = ["r-stop-a", "r-stop-b"]
    /// …and those it asks about: them, ids never stopped (no such report either), one twice.
    static let stopLookup = ["r-stop-a", "r-none-1", "r-stop-b", "r-stop-a", "R-STOP-A", "r-stop", ""]

    /// Stopping is idempotent and needs no report; the lookup answers exactly the asked ids that
    /// were stopped, and nothing for an empty list. (The reopening check asks again.)
    static func stoppedMatchAlerts(_ store: any ReportStore, _ log: inout [String]) async throws {
        try await store.stopMatchAlerts(reportID: "r-stop-a")
        try await store.stopMatchAlerts(reportID: "r-stop-b")
        try await store.stopMatchAlerts(reportID: "r-stop-a")
        let all = try await store.matchAlertsStopped(reportIDs: stopLookup)
        if all != stoppedIDs { log.append("asked \(stopLookup), the stopped are \(all.sorted())") }
        let one = try await store.matchAlertsStopped(reportIDs: ["r-none-2", "r-stop-b"])
        if one != ["r-stop-b"] { log.append("asked [r-none-2, r-stop-b], the stopped are \(one.sorted())") }
        let unknown = try await store.matchAlertsStopped(reportIDs: ["r-none-1", "r-none-2"])
        if !unknown.isEmpty { log.append("ids never stopped are stopped: \(unknown.sorted())") }
        let none = try await store.matchAlertsStopped(reportIDs: [])
        if !none.isEmpty { log.append("an empty list answers \(none.sorted())") }
        // More ids than one statement may bind (the SQLite store asks in chunks).
        let many = (0..<1_200).map { String(format: "r-many-%04d", $0) } + ["r-stop-b"]
        let manyStopped = try await store.matchAlertsStopped(reportIDs: many)
        if manyStopped != ["r-stop-b"] { log.append("asked 1,201 ids, the stopped are \(manyStopped.sorted())") }
    }

    /// What `got` has too many and too few against `expected`, or that the order differs.
    static func diff(_ got: [String], _ expected: [String]) -> String {
        let extra = Set(got).subtracting(expected).sorted()
        let missing = Set(expected).subtracting(got).sorted()
        if extra.isEmpty && missing.isEmpty { return "in another order: \(got)" }
        return "with \(extra) that should not be, without \(missing)"
    }
}
