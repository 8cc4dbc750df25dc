import Foundation
import Geodata
import Geodesy
import Locking
import Logging
import ReportStore
import Reports
import ServiceLifecycle

/// Turns new reports into alert mails: a `Service` of the server's group that follows the
/// store's event log from the mail cursor (``AlertStore/mailCursor()``) and, for each report
/// created, queues one mail (``AlertMails/alert(_:event:to:)``) to every confirmed
/// subscription whose area holds the report's place as a stranger sees it (a missing report's
/// cell centre: an area alert tells a subscriber no more than the public map does), of the
/// kind and species asked for, confirmed before the report was stored; an address's alerts past
/// ``AlertDigests/singlesPerHour`` in a clock hour are held for that hour's digest
/// (``AlertDigests``), which it releases once the hour ends. The mails and the
/// cursor are written in one transaction, so a crash queues every due mail once (a mail's id
/// is derived from the event and the subscription: queuing it again changes nothing, and
/// several servers on one PostgreSQL may plan the same events).
///
/// It looks at the log when the event feed rings (a change on this or any server) and every
/// ``MailSettings/pollInterval`` on the injected clock; after queuing it rings the courier.
final class AlertPlanner: Service {
    /// Events read at a time.
    static let page = 200

    private let feed: ReportEventFeed?
    private let publicLocation: PublicLocation
    /// Added to missing reports' circles when reports are matched (the cards' margin).
    private let matchMargin: SearchRadius
    private let courier: MailCourier
    /// Where the reports' photos are kept: a report with one has its link in its alerts.
    private let photos: (any ReportPhotos)?
    /// Holds an address's alerts past the hourly limit and releases their digests.
    private let digests: AlertDigests
    /// When the lapsed subscriptions were last removed.
    private let lastSweep = Locked<Date?>(nil)
    /// How often lapsed subscriptions are removed: an hour.
    static let sweepInterval: TimeInterval = 3600

    /// A planner that queues into `courier`'s store, with its settings, clock and logger, and
    /// rings it after queuing.
    init(
        courier: MailCourier, feed: ReportEventFeed?, publicLocation: PublicLocation, matchMargin: SearchRadius,
        photos: (any ReportPhotos)?
    ) {
        self.courier = courier
        self.feed = feed
        self.publicLocation = publicLocation
        self.matchMargin = matchMargin
        self.photos = photos
        self.digests = AlertDigests(store: courier.store)
    }

    private var store: any ReportStore { courier.store }
    private var settings: MailSettings { courier.settings }
    private var clock: any Clock<Duration> { courier.clock }
    private var now: @Sendable () -> Date { courier.now }
    private var logger: Logger { courier.logger }

    func run() async {
        let (rings, stop) = feed?.listen(area: nil) ?? (ReportRings(), {})
        defer { stop() }
        await Ticker.run(every: settings.pollInterval, on: clock, beating: rings) {
            var failing = false
            for await _ in rings {
                do throws(ReportStoreError) {
                    if try await self.plan() > 0 { self.courier.wake() }
                    if try await self.digests.release(at: self.now()) > 0 { self.courier.wake() }
                    try await self.removeLapsedSubscriptions()
                    failing = false
                } catch {
                    if !failing {
                        self.logger.warning(
                            "alerts: the event log cannot be read; trying again", metadata: ["error": "\(error)"])
                    }
                    failing = true
                }
            }
        }
    }

    /// Queues the mails of every event after the cursor; returns how many were queued.
    @discardableResult
    func plan() async throws(ReportStoreError) -> Int {
        // From 0 at the first start too: the log keeps a week, and a report stored before a
        // subscription's confirmation is never mailed to it (below), so old events cost a
        // query each and mail nobody.
        var cursor = try await store.mailCursor()
        var queued = 0
        while true {
            let events = try await store.events(after: cursor, limit: Self.page)
            guard let last = events.last else { break }
            var alerts: [AlertDigests.Alert] = []
            var mails: [OutboxMail] = []
            for event in events {
                switch event.change {
                case .created:
                    let planned = try await self.mails(for: event)
                    alerts += planned.alerts
                    mails += planned.others
                case .sighted:
                    let planned = try await sightingMails(for: event)
                    alerts += planned.alerts
                    mails += planned.others
                case .changed, .removed:
                    continue
                }
            }
            mails += try await digests.decide(alerts, at: now())
            try await store.queueMails(mails, mailCursor: last.sequence)
            queued += mails.count
            cursor = last.sequence
            if events.count < Self.page { break }
        }
        return queued
    }

    /// The mails the sighting `event` added causes while its report is an open missing one (its
    /// report and sighting read once for both): the reporter's, when the report has an email
    /// (``AlertMails/sighting(_:of:to:in:at:)``), and the area alerts (issue 45: "each sighting
    /// … sends that subscriber one mail") of the subscriptions to missing pets of its species
    /// whose circle holds the place it was seen at — a sighting's place is public: where an
    /// animal was seen, not anyone's home.
    private func sightingMails(for event: ReportEvent) async throws(ReportStoreError)
        -> (alerts: [AlertDigests.Alert], others: [OutboxMail])
    {
        guard let sightingID = event.sightingID, let report = try await storedReport(event.reportID),
            report.kind == .missing, report.status == .active, let sighting = try await store.sighting(id: sightingID)
        else { return ([], []) }
        let reporter = report.email.flatMap { email in
            email.isEmpty ? nil : AlertMails.sighting(sighting, of: report, to: email, in: settings, at: now())
        }
        // The report as a stranger sees it, placed where it was seen and named by that place.
        var seen = await shown(report)
        seen.coordinate = sighting.coordinate
        seen.place = nil
        let alerts = try await areaAlerts(of: seen, at: sighting.coordinate, event: event, sighted: true)
        return (alerts, reporter.map { [$0] } ?? [])
    }

    /// The area alerts of `seen` (a report as a stranger sees it) at `place`, stored — or, with
    /// `sighted`, seen — by `event`: one for each confirmed subscription to its kind and species
    /// whose circle holds `place` and that was confirmed before the event, alone or held for the
    /// hourly digest (``AlertDigests``).
    private func areaAlerts(of seen: PetReport, at place: Coordinate, event: ReportEvent, sighted: Bool)
        async throws(ReportStoreError) -> [AlertDigests.Alert]
    {
        try await store.confirmedSubscriptions(covering: place)
            .filter { subscription in
                subscription.covers(kind: seen.kind, species: seen.species, at: place)
                    && (subscription.confirmedAt.map { $0 <= event.time } ?? false)
            }
            .map { subscription in
                let alert = AreaAlert(of: seen, to: subscription, in: settings, sighted: sighted)
                return AlertDigests.Alert(
                    single: AlertMails.alert(alert, event: event, to: subscription),
                    held: AlertMails.digestEntry(alert, event: event, to: subscription))
            }
    }

    /// Report `id` as stored; `nil` when it was removed since its event.
    private func storedReport(_ id: String) async throws(ReportStoreError) -> PetReport? {
        do {
            return try await store.report(id: id)
        } catch {
            guard error.reason == .notFound else { throw error }
            return nil
        }
    }

    /// `report` as a stranger sees it (``PublicLocation/publicView(of:)``), with its photo's link
    /// (the card's own) when one is kept by now.
    private func shown(_ report: PetReport) async -> PetReport {
        var seen = publicLocation.publicView(of: report)
        let kept = try? await photos?.type(id: report.id)
        seen.photoUrl = kept == nil ? nil : ReportsController.photoPath(report.id)
        return seen
    }

    /// Removes the subscriptions never confirmed within their 48 hours, once an hour.
    private func removeLapsedSubscriptions() async throws(ReportStoreError) {
        let time = now()
        let due = lastSweep.withLock { last in
            guard last.map({ time.timeIntervalSince($0) >= Self.sweepInterval }) ?? true else { return false }
            last = time
            return true
        }
        guard due else { return }
        let removed = try await store.removeUnconfirmedSubscriptions(
            createdBefore: time.addingTimeInterval(-Subscription.confirmationWindow))
        if removed > 0 { logger.info("alerts: removed unconfirmed subscriptions", metadata: ["count": "\(removed)"]) }
    }

    /// The alerts event `event` (a report created) causes: the area alerts (alone or held, as
    /// ``AlertDigests`` decides) and the others (match mails).
    private func mails(for event: ReportEvent) async throws(ReportStoreError)
        -> (alerts: [AlertDigests.Alert], others: [OutboxMail])
    {
        guard event.coordinate != nil, let report = try await storedReport(event.reportID) else { return ([], []) }
        let seen = await shown(report)
        guard seen.isOpen, let place = seen.coordinate else { return ([], []) }
        let alerts = try await areaAlerts(of: seen, at: place, event: event, sighted: false)
        return (alerts, try await matchMails(for: report, seen: seen, event: event))
    }

    /// The most reporters one new report's matches mail.
    static let matchLimit = 20

    /// The mails telling the reporters of `report`'s matches (by the cards' rule, distances as a
    /// stranger sees them) that it was stored, but those who stopped them; `seen` is `report` as
    /// a stranger sees it, what the mails show.
    private func matchMails(for report: PetReport, seen: PetReport, event: ReportEvent) async throws(ReportStoreError)
        -> [OutboxMail]
    {
        let matches = try await ReportMatching.matches(
            for: report, in: store, margin: matchMargin, limit: Self.matchLimit, public: publicLocation)
        let mails = matches.compactMap { match in
            AlertMails.match(match, of: seen, event: event, in: settings)
                .map { (told: match.report.id, mail: $0) }
        }
        guard !mails.isEmpty else { return [] }
        let stopped = try await store.matchAlertsStopped(reportIDs: mails.map(\.told))
        return mails.filter { !stopped.contains($0.told) }.map(\.mail)
    }
}
