import Foundation
import Hummingbird
import PetSpotJSON
import ReportStore

/// `POST /v1/reports/{id}/messages` `{"name", "contact", "text"}`: a stranger writes to a
/// report's reporter without learning their address (issue 47 item 4). The message goes through
/// the outbox to the report's own email, with `Reply-To` the sender's email when the contact is
/// one; the answer is 202 and says nothing of the address. 404 for an unknown report, 410 for a
/// closed one, 409 when the reporter left no email (the card's contacts are the way then).
/// Limited to ``perHour`` messages an hour per client (429 with `Retry-After`), besides the
/// change budget every `POST` counts against. Without mail settings: 503.
struct ReportMessagesController {
    let store: (any ReportStore)?
    let settings: MailSettings?
    let courier: MailCourier?
    let limiter: RateLimiter?
    let now: @Sendable () -> Date

    /// Messages a client may send an hour.
    static let perHour = 5

    func addRoutes(to router: Router<ServiceRequestContext>) {
        router.post("/v1/reports/{id}/messages") { request, context -> Response in
            _ = try Query(request, allowed: [])
            let id = try ReportsController.id(context)
            guard let store, let settings else {
                throw Problem(
                    .serviceUnavailable,
                    detail: "This server sends no mail, so it cannot pass messages on (its operator gave no --smtp).",
                    extensions: [("reason", "mailOff")])
            }
            let message = try ReporterMessage(
                parsing: try await RequestBody.collect(request, limit: 8192, what: "The message"))
            let report = try await ReportsController.storeCall { try await store.report(id: id) }
            guard report.isOpen else {
                throw Problem(
                    .gone, detail: "Report \(id) is closed: messages are no longer passed on.",
                    extensions: [("reason", "reportClosed")])
            }
            guard let email = report.email, !email.isEmpty else {
                throw Problem(
                    .conflict, detail: "This reporter left no email address; use the contacts on the card.",
                    extensions: [("reason", "noEmail")])
            }
            if let limiter, let wait = limiter.take(context.client.rateKey) {
                ServiceMetrics.refused(.messageRateLimited)
                let seconds = RateLimiter.retryAfterSeconds(wait)
                throw Problem(
                    .tooManyRequests,
                    detail: "Too many messages from your address: \(Self.perHour) an hour; try again in \(seconds) s.",
                    extensions: [("reason", "messageRateLimited")], headers: [.retryAfter: "\(seconds)"])
            }
            let mail = AlertMails.message(message, about: report, to: email, in: settings, at: now())
            try await ReportsController.storeCall { try await store.queueMails([mail], mailCursor: nil) }
            courier?.wake()
            return .json(
                .object([("detail", "Sent: the reporter gets your message by mail and answers you at your contact.")]),
                status: .accepted)
        }
    }
}
