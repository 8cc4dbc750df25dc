public import Foundation
public import Logging
public import ReportStore
public import ServiceLifecycle

/// Closes the open reports that outlived their lifetime (``ReportLifetimes``): a `Service` of the
/// server's group that sweeps when it starts and then every ``interval`` (an hour) on the
/// injected clock. A sweep asks the store for each kind's open reports renewed before
/// now − lifetime (``ReportStore/openReports(of:renewedBefore:limit:)``) and closes each through
/// ``ReportStore/setStatus(_:id:)``: a close like any other, in the event log, so the live alerts
/// and every server see it. "Now" is the injected wall clock (``ServiceConfiguration/now``).
///
/// A report renewed between the query and its close is read again first and left open. A close
/// that fails is logged and the sweep goes on with the next kind; the next sweep tries again.
/// With mail, each sweep then queues the "still looking?" mails due (``RenewalReminder``).
///
/// ```swift
/// let expiry = ReportExpiry(store: store, lifetimes: ReportLifetimes(), clock: ContinuousClock())
/// let closed = await expiry.sweep()      // or run it in a ServiceGroup
/// ```
public final class ReportExpiry: Service, Sendable {
    /// The time between two sweeps (an hour).
    public let interval: Duration
    /// How long each kind of report lasts.
    public let lifetimes: ReportLifetimes
    private let store: any ReportStore
    private let clock: any Clock<Duration>
    private let now: @Sendable () -> Date
    private let logger: Logger
    private let reminder: RenewalReminder?

    /// Reports closed a query at a time.
    static let batchSize = 100

    /// A sweeper of `store`'s reports.
    public convenience init(
        store: any ReportStore, lifetimes: ReportLifetimes, clock: any Clock<Duration>,
        now: @escaping @Sendable () -> Date = { Date() }, interval: Duration = .seconds(3600),
        logger: Logger = Logger(label: "petspot.serve")
    ) {
        self.init(
            store: store, lifetimes: lifetimes, clock: clock, now: now, interval: interval, logger: logger,
            reminder: nil)
    }

    /// A sweeper of `store`'s reports that also reminds their reporters by mail (`reminder`).
    init(
        store: any ReportStore, lifetimes: ReportLifetimes, clock: any Clock<Duration>,
        now: @escaping @Sendable () -> Date, interval: Duration = .seconds(3600), logger: Logger,
        reminder: RenewalReminder?
    ) {
        self.reminder = reminder
        self.store = store
        self.lifetimes = lifetimes
        self.clock = clock
        self.now = now
        self.interval = interval
        self.logger = logger
    }

    /// Sweeps now and then every ``interval`` until the task is cancelled or the group shuts down.
    public func run() async {
        try? await cancelWhenGracefulShutdown { try await self.sweeping(on: self.clock) }
    }

    private func sweeping<C: Clock<Duration>>(on clock: C) async throws {
        while true {
            await sweep()
            try await clock.sleep(until: clock.now.advanced(by: interval), tolerance: nil)
        }
    }

    /// Closes every open report older than its kind's lifetime, now.
    ///
    /// - Returns: the identifiers of the reports it closed, oldest first by kind.
    @discardableResult
    public func sweep() async -> [String] {
        let now = now()
        var closed: [String] = []
        for kind in ReportKind.allCases {
            let cutoff = lifetimes.cutoff(for: kind, now: now)
            do throws(ReportStoreError) {
                while true {
                    let expired = try await store.openReports(of: kind, renewedBefore: cutoff, limit: Self.batchSize)
                    var closedNow = 0
                    for report in expired {
                        guard try await close(report, before: cutoff) else { continue }
                        closed.append(report.id)
                        closedNow += 1
                    }
                    // A page whose reports were all renewed meanwhile would come back again.
                    guard expired.count == Self.batchSize, closedNow > 0 else { break }
                }
            } catch {
                logger.warning(
                    "could not close the expired reports; the next sweep tries again",
                    metadata: ["kind": "\(kind)", "error": "\(error)"])
            }
        }
        await reminder?.remind(now: now, lifetimes: lifetimes)
        return closed
    }

    /// Closes `report` unless it was renewed since it was read.
    private func close(_ report: PetReport, before cutoff: Date) async throws(ReportStoreError) -> Bool {
        let current = try await store.report(id: report.id)
        guard current.isOpen, let renewed = current.renewedAt.flatMap(ReportTimestamp.date), renewed < cutoff
        else { return false }
        _ = try await store.setStatus(.closed, id: report.id)
        logger.info(
            "closed a report that outlived its lifetime",
            metadata: [
                "report": "\(report.id)", "kind": "\(report.kind)", "renewedAt": "\(current.renewedAt ?? "")",
                "maxAgeDays": "\(lifetimes.days(of: report.kind))",
            ])
        return true
    }
}
