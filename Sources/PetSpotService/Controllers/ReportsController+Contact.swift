import Hummingbird
import PetSpotJSON
import ReportStore
import Reports

/// `GET /v1/reports/{id}/contact`: a report's contacts (phone, email, caregiver phone, current
/// address), the only way a stranger gets them — not in the report's JSON, a list, the card or
/// the page. The report's owner and the operator always get them; a stranger only while the
/// report is open (410 once it is closed or its pet is home) and within their own budget
/// (``ServiceLimits/contactsPerHour`` per client, whatever the change limit says: 429 with
/// `Retry-After` past it). Each reveal to a stranger is counted (`petspot_contact_reveals_total`).
extension ReportsController {
    func addContactRoute(to router: Router<ServiceRequestContext>) {
        router.get("/v1/reports/{id}/contact") { request, context -> Response in
            let (id, _, report) = try await Self.reportInPath(request, context, in: store)
            if !access.seesWhole(request, report) {
                try checkStranger(asking: report, client: context.client)
                ServiceMetrics.revealedContacts()
            }
            // A report with no contact at all (the card needs one) has none to give.
            let card = try? PetCard(report)
            var response = Response.json(card?.contactJSON ?? .object([("id", .string(id)), ("fields", .array([]))]))
            response.headers[.cacheControl] = "no-store"
            return response
        }
    }

    /// Refuses a stranger the contacts of a closed report (410), or past their budget (429).
    private func checkStranger(asking report: PetReport, client: Client) throws(Problem) {
        guard report.isOpen else {
            throw Problem(
                .gone,
                detail: "Report \(report.id) is closed: its contacts are no longer shown. \(PetCard.contactHidden)",
                extensions: [("reason", "reportClosed")])
        }
        guard let limiter = contactLimiter, let wait = limiter.take(client.rateKey) else { return }
        ServiceMetrics.refused(.contactRateLimited)
        let seconds = RateLimiter.retryAfterSeconds(wait)
        throw Problem(
            .tooManyRequests,
            detail:
                "Too many contacts asked from your address: \(limiter.limit.burst) an hour are shown; "
                + "try again in \(seconds) s.",
            extensions: [("reason", "contactRateLimited")], headers: [.retryAfter: "\(seconds)"])
    }
}
