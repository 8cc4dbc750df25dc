import Foundation
import Hashing
import Hummingbird
import PetSpotJSON
import ReportStore
import Reports

/// "Lost your link?" (issue 47 item 5): a report's owner link mailed again, to the report's own
/// address only.
/// - `POST /v1/reports/{id}/manage-link` answers 202 with the same words whatever the id (an
///   unknown one, one without an email, one asked for a minute ago), so it probes nothing. For
///   an open or closed report with an email and an owner, it queues a mail with a one-time-use
///   code link, `/pets/{id}/manage?code=C`, at most once in ``gap`` per report and within the
///   address's budget (``ManageMail``).
/// - `GET /pets/{id}/manage?code=C` shows one button; its `POST` checks the code against the
///   mail the outbox holds for it (queued within ``codeLifetime``, to the report's current
///   address), gives the report a new owner token — the old one stops working — and answers 303
///   to `/pets/{id}#ownerToken=…`, where the card keeps it. A code that is not one (or too old):
///   404 page. Nothing is stored for a code but the mail itself (its id holds the code's digest).
struct LostLinkController {
    let store: (any ReportStore)?
    let settings: MailSettings?
    let manageMail: ManageMail?
    /// One mail per report per ``gap``.
    let reports: RateLimiter
    let now: @Sendable () -> Date

    /// The shortest time between two lost-link mails of one report.
    static let gap: Duration = .seconds(600)
    /// How long a mailed code works.
    static let codeLifetime: TimeInterval = 24 * 3600
    static let answer =
        "If this report gave an email address, a link to manage it is on its way there. It works for 24 hours."

    func addRoutes(to router: Router<ServiceRequestContext>) {
        router.post("/v1/reports/{id}/manage-link") { request, context -> Response in
            _ = try Query(request, allowed: [])
            let id = try ReportsController.id(context)
            let store = try MailSettings.required(settings, store)
            guard let manageMail else { throw MailSettings.off }
            if let report = try? await store.report(id: id), report.ownerTokenHash != nil,
                report.email?.isEmpty == false, reports.take(id) == nil
            {
                let code = Subscription.newToken()
                await manageMail.queueLostLink(for: report, code: code, id: Self.mailID(report.id, code: code))
            }
            return .json(.object([("detail", .string(Self.answer))]), status: .accepted)
        }
        router.get("/pets/{id}/manage") { request, context -> Response in
            let code = try SubscriptionsController.token(try Query(request, allowed: ["code"])["code"])
            _ = try ReportsController.id(context)
            _ = try MailSettings.required(settings, store)
            return try SubscriptionsController.page(.takeOver(action: request.uri.path, code: code))
        }
        router.post("/pets/{id}/manage") { request, context -> Response in
            let code = try await Self.postedCode(request)
            let id = try ReportsController.id(context)
            let store = try MailSettings.required(settings, store)
            guard let report = try? await store.report(id: id),
                let mail = try await ReportsController.storeCall({
                    try await store.outboxMail(id: Self.mailID(id, code: code))
                }),
                mail.recipient.lowercased() == report.email?.lowercased(),
                now().timeIntervalSince(mail.queuedAt) <= Self.codeLifetime
            else {
                return try SubscriptionsController.page(.unknownManageLink, status: .notFound)
            }
            let token = OwnerToken.make()
            _ = try await ReportsController.storeCall { try await store.setOwnerTokenHash(token.hash, id: id) }
            var response = Response(status: .seeOther)
            response.headers[.location] = "\(PetDetailsPage.path(id))#ownerToken=\(token.text)"
            response.headers[.cacheControl] = "no-store"
            return response
        }
    }

    /// The outbox id of the lost-link mail of report `id` with `code`: the code's digest, never
    /// the code.
    static func mailID(_ id: String, code: String) -> String {
        "lostlink.\(MatchAlertLink.tag(id)).\(SHA256.hash(data: Array(code.utf8)).hex.prefix(32))"
    }

    /// The code of the page's form (`code=…`).
    static func postedCode(_ request: Request) async throws -> String {
        let body = try await RequestBody.collect(request, limit: 1024, what: "The form")
        return try SubscriptionsController.token(FormFields.value("code", in: body))
    }
}
