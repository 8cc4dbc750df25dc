import Foundation
import Geodata
import Hummingbird
import NIOCore
import PetSpotJSON
import ReportSteps
import ReportStore

/// Area alerts by mail, double opt-in (Docs/Service.md, "Alerts by mail"):
/// - `POST /v1/subscriptions` `{"email", "near", "km", "kinds"?, "species"?}` answers 202 the
///   same way whether the address is new or known (no probing) and queues a confirmation mail
///   — at most one an address in ``confirmationGap`` (10 minutes), at most
///   ``subscriptionsPerAddress`` subscriptions an address. As a `POST` it counts against the
///   client's budget of changes.
/// - `GET /subscriptions/confirm?token=…` shows one button; only its `POST` confirms (mail
///   scanners fetch links). A link older than 48 hours answers 404 with a page that says so.
/// - `GET /subscriptions/unsubscribe?token=…` shows one button; a `POST` there stops the alerts
///   at once: the page's form, or a mail reader's one-click unsubscribe (RFC 8058,
///   `List-Unsubscribe=One-Click`). It answers 200 whether or not the token was known.
/// Without mail settings (`--smtp`) every route answers 503.
struct SubscriptionsController {
    let store: (any ReportStore)?
    let settings: MailSettings?
    let courier: MailCourier?
    let now: @Sendable () -> Date

    /// The shortest time between two confirmation mails to one address.
    static let confirmationGap: TimeInterval = 600
    /// The most subscriptions one address may have.
    static let subscriptionsPerAddress = 10
    /// The largest body `POST /v1/subscriptions` reads.
    static let bodyLimit = 4096

    func addRoutes(to router: Router<ServiceRequestContext>) {
        router.post("/v1/subscriptions") { request, _ -> Response in
            _ = try Query(request, allowed: [])
            let (store, settings) = try requireMail()
            let asked = try SubscriptionRequest(
                parsing: try await RequestBody.collect(request, limit: Self.bodyLimit, what: "The subscription"))
            try await subscribe(asked, store: store, settings: settings)
            return .json(
                .object([
                    (
                        "detail",
                        "If the address can receive mail, a confirmation is on its way; alerts start once it is confirmed."
                    )
                ]), status: .accepted)
        }
        addButtonPage(SubscriptionPage.confirmPath, to: router) { .confirm(token: $0) }
        router.post(RouterPath(SubscriptionPage.confirmPath)) { request, _ -> Response in
            let token = try await Self.postedToken(request)
            let (store, _) = try requireMail()
            let confirmed = try await ReportsController.storeCall {
                try await store.confirmSubscription(token: token, at: now())
            }
            return try Self.page(confirmed == nil ? .lapsed : .confirmed, status: confirmed == nil ? .notFound : .ok)
        }
        addButtonPage(SubscriptionPage.unsubscribePath, to: router) { .unsubscribe(token: $0) }
        router.post(RouterPath(SubscriptionPage.unsubscribePath)) { request, _ -> Response in
            let token = try await Self.postedToken(request)
            let (store, _) = try requireMail()
            _ = try await ReportsController.storeCall { try await store.removeSubscriptions(token: token) }
            return try Self.page(.stopped)
        }
    }

    /// `GET path?token=…`: a mailed link's page, one button (`page` of the token) that posts the
    /// token back to `path`. A token that is not one of ours: 404; without mail settings: 503.
    private func addButtonPage(
        _ path: String, to router: Router<ServiceRequestContext>,
        _ page: @escaping @Sendable (String) -> SubscriptionPage
    ) {
        router.get(RouterPath(path)) { request, _ -> Response in
            let token = try Self.token(try Query(request, allowed: ["token"])["token"])
            _ = try requireMail()
            return try Self.page(page(token))
        }
    }

    private func requireMail() throws(Problem) -> (any ReportStore, MailSettings) {
        guard let settings, let store else {
            throw Problem(
                .serviceUnavailable,
                detail: "This server sends no mail, so it offers no alerts (its operator gave no --smtp).",
                extensions: [("reason", "mailOff")])
        }
        return (store, settings)
    }

    /// Stores the subscription and queues its confirmation, unless the address asked within
    /// ``confirmationGap`` or has ``subscriptionsPerAddress`` already: either way the client is
    /// answered the same.
    private func subscribe(_ asked: SubscriptionRequest, store: any ReportStore, settings: MailSettings) async throws {
        let time = now()
        let known = try await ReportsController.storeCall { try await store.subscriptions(email: asked.email) }
        let live = known.filter { !$0.hasLapsed(at: time) }
        if live.count >= Self.subscriptionsPerAddress { return }
        if let last = known.map(\.createdAt).max(), time.timeIntervalSince(last) < Self.confirmationGap { return }
        let subscription = Subscription(
            email: asked.email, center: asked.center, radiusMeters: asked.radiusMeters, kinds: asked.kinds,
            species: asked.species, token: Subscription.newToken(), createdAt: time)
        try await ReportsController.storeCall {
            try await store.addSubscription(subscription)
            do {
                try await store.queueMails(
                    [AlertMails.confirmation(of: subscription, in: settings, at: time)], mailCursor: nil)
            } catch {
                // Without its mail the subscription could never be confirmed: take it back.
                try? await store.removeSubscription(id: subscription.id)
                throw error
            }
        }
        courier?.wake()
    }

    /// A token from a link: 32 hexadecimal digits, else 404 (a link that was never ours).
    static func token(_ text: String?) throws(Problem) -> String {
        guard let text, Subscription.isToken(text) else {
            throw Problem(.notFound, detail: "This link is not one of ours; open the link from the mail again.")
        }
        return text
    }

    /// The token of a form post (`token=…`) or a one-click unsubscribe (the link's `?token=`
    /// with the body `List-Unsubscribe=One-Click`).
    static func postedToken(_ request: Request) async throws -> String {
        let query = try Query(request, allowed: ["token"])
        let body = try await RequestBody.collect(request, limit: 1024, what: "The form")
        let posted = FormFields.value("token", in: body)
        return try token(query["token"] ?? posted)
    }

    /// The pages' headers, with forms allowed to post to this site.
    static let headers: HTTPFields = {
        var headers = ReportPagesController.pageHeaders
        headers[.contentSecurityPolicy] =
            "default-src 'none'; style-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
        return headers
    }()

    static func page(_ page: SubscriptionPage, status: HTTPResponse.Status = .ok) throws(Problem) -> Response {
        Response(
            status: status, headers: headers,
            body: ResponseBody(byteBuffer: ByteBuffer(string: try PageTemplates.render(page, template: "Subscription")))
        )
    }
}
