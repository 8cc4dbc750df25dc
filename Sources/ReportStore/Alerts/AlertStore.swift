public import Foundation
public import Geodata

/// What alerts by mail keep in the reports store: area subscriptions (double opt-in) and the
/// outbox of mails to send, in both engines.
///
/// ## Implementation requirements (`AlertStoreContract` checks them)
/// - **Subscriptions.** ``addSubscription(_:)`` stores an unconfirmed one;
///   ``confirmSubscription(token:at:)`` confirms the one with that token unless it has lapsed
///   (``Subscription/hasLapsed(at:)``), and confirming a confirmed one changes nothing;
///   ``removeSubscriptions(token:)`` removes it whatever its state.
/// - **Covering** (``confirmedSubscriptions(covering:)``) is exactly the confirmed
///   subscriptions whose circle holds the place by geodesic distance (`geod_inverse`, within
///   1 mm), in identifier order: the same as ``Subscription/covers(kind:species:at:)`` over every
///   stored one (kinds and species are the caller's to filter).
/// - **Queuing** is all or nothing and idempotent: ``queueMails(_:mailCursor:)`` stores every
///   mail whose ``OutboxMail/id`` is new and leaves the others as they are, and raises the mail
///   cursor to `mailCursor` (never lowers it) in the same transaction.
/// - **Claiming** gives each due mail to one caller at a time: ``claimMails(dueBy:lease:limit:)``
///   returns queued mails due by then whose earlier claim (if any) has lapsed, oldest due first,
///   counts an attempt and holds them for `lease`; two servers claiming at once (PostgreSQL,
///   `FOR UPDATE SKIP LOCKED`) never get the same mail. A claim that was not marked lapses and
///   the mail is claimed again.
/// - **Marking** ends a claim: sent, retried later (queued again, due at the time given), or
///   failed for good.
/// - **Holding** is queuing a mail in state ``OutboxMail/State/held``: it is kept, never claimed.
///   ``singleAlertCount(to:queuedIn:)`` counts a recipient's area alerts (ids starting
///   ``OutboxMail/areaAlertPrefix``) queued in a time range that were not held (queued, sent or
///   failed). ``heldMails(dueBy:limit:)`` returns the held mails due by then, oldest due first,
///   then by recipient and id. ``releaseHeldMails(_:as:)`` queues a digest and marks the held
///   mails it carries ``OutboxMail/State/digested`` in one transaction, only if every one of them
///   is still held: two servers releasing the same mails at once queue one digest, and a mail is
///   never carried by two.
/// - **Forgetting** (``removeMails(concerning:)``) removes exactly the mails that
///   ``OutboxMail/concerns(_:)`` the address, in every state, and no other.
/// - **Stopped match alerts** (``stopMatchAlerts(reportID:)``) last: a report stopped is in
///   every later ``matchAlertsStopped(reportIDs:)`` answer that asks for it, and no other is.
public protocol AlertStore: Sendable {
    /// Stores `subscription` (unconfirmed, or confirmed when it says so: an import).
    ///
    /// - Throws: ``ReportStoreError``: a duplicate identifier, an unreachable store.
    func addSubscription(_ subscription: Subscription) async throws(ReportStoreError)

    /// Confirms the subscription with `token` at `time` and returns it; `nil` when no
    /// subscription has the token or it lapsed. A confirmed one is returned as it is.
    func confirmSubscription(token: String, at time: Date) async throws(ReportStoreError) -> Subscription?

    /// Removes the subscription with `token`; returns how many were removed (0 or 1).
    @discardableResult
    func removeSubscriptions(token: String) async throws(ReportStoreError) -> Int

    /// Removes subscription `id` (the operator's `petspot subscriptions remove`).
    ///
    /// - Throws: ``ReportStoreError/Reason/notFound``.
    func removeSubscription(id: String) async throws(ReportStoreError)

    /// Removes the unconfirmed subscriptions made before `cutoff`; returns how many.
    @discardableResult
    func removeUnconfirmedSubscriptions(createdBefore cutoff: Date) async throws(ReportStoreError) -> Int

    /// A page of the subscriptions in identifier order (`afterID`: after that one).
    func subscriptions(afterID: String?, limit: Int) async throws(ReportStoreError) -> [Subscription]

    /// The subscriptions of `email` (exactly as given), newest first.
    func subscriptions(email: String) async throws(ReportStoreError) -> [Subscription]

    /// The confirmed subscriptions whose circle holds `coordinate`, in identifier order.
    func confirmedSubscriptions(covering coordinate: Coordinate) async throws(ReportStoreError) -> [Subscription]

    /// Queues the new ones of `mails` and raises the mail cursor to `mailCursor` (when given),
    /// in one transaction.
    func queueMails(_ mails: [OutboxMail], mailCursor: Int64?) async throws(ReportStoreError)

    /// The last report event (``ReportEvent/sequence``) whose mails are queued; 0 at first.
    func mailCursor() async throws(ReportStoreError) -> Int64

    /// Claims at most `limit` queued mails due by `now` for `lease` (see the requirements).
    func claimMails(dueBy now: Date, lease: Duration, limit: Int) async throws(ReportStoreError) -> [OutboxMail]

    /// The mail `id` was taken by the mail server at `time`.
    func markMailSent(id: String, at time: Date) async throws(ReportStoreError)

    /// The mail `id` failed for now (`error`): queued again, due at `dueAt`.
    func markMailRetry(id: String, dueAt: Date, error: String) async throws(ReportStoreError)

    /// The mail `id` was refused for good (`error`).
    func markMailFailed(id: String, error: String) async throws(ReportStoreError)

    /// Stops the match mails about report `id` (its reporter's one-click opt-out): whatever
    /// matches it later, its reporter is not mailed. Stopping twice changes nothing; the report
    /// need not exist (a link may outlive it).
    func stopMatchAlerts(reportID: String) async throws(ReportStoreError)

    /// Which of `reportIDs` have their match mails stopped.
    func matchAlertsStopped(reportIDs: [String]) async throws(ReportStoreError) -> Set<String>

    /// How many area alerts (ids starting ``OutboxMail/areaAlertPrefix``) to `recipient` (exactly
    /// as given) queued in `hour` (by ``OutboxMail/queuedAt``) were queued to go one by one: not
    /// held, not digested.
    func singleAlertCount(to recipient: String, queuedIn hour: Range<Date>) async throws(ReportStoreError) -> Int

    /// At most `limit` held mails due by `now`, oldest due first, then by recipient and id.
    func heldMails(dueBy now: Date, limit: Int) async throws(ReportStoreError) -> [OutboxMail]

    /// Queues `digest` (unless its id is stored) and marks the held mails `heldIDs` digested, in
    /// one transaction, when every one of them is still held; otherwise changes nothing. A `nil`
    /// digest marks them alone (their subscriptions were removed: nothing is mailed).
    ///
    /// - Returns: whether it did (`false`: another server released some of them first).
    @discardableResult
    func releaseHeldMails(_ heldIDs: [String], as digest: OutboxMail?) async throws(ReportStoreError) -> Bool

    /// The mail `id` as stored, or `nil`.
    func outboxMail(id: String) async throws(ReportStoreError) -> OutboxMail?

    /// How many mails wait, are held, were sent and failed, and the oldest waiting one's time.
    func outboxSummary() async throws(ReportStoreError) -> OutboxSummary

    /// Removes every mail that concerns `address` (``OutboxMail/concerns(_:)``: sent to it, or
    /// answering to it by `Reply-To`), whatever its state; returns how many ("Forget me"). A
    /// server sending one meanwhile finds it gone when it marks it (``ReportStoreError/Reason/notFound``).
    @discardableResult
    func removeMails(concerning address: String) async throws(ReportStoreError) -> Int
}
