import Foundation
import Hummingbird
import PetSpotJSON
import ReportStore

/// `/reports/{id}/match-alerts/stop?token=…`: the one-click opt-out a match mail carries
/// (``MatchAlertLink``). The GET shows one button; the POST (the page's form, or a mail
/// reader's RFC 8058 one-click with `List-Unsubscribe=One-Click`) stops the report's match
/// mails at once and answers 200. A token that is not the report's, or a report gone, answers a
/// 404 page that says so. Without mail settings: 503.
struct MatchAlertsController {
    let store: (any ReportStore)?
    let settings: MailSettings?

    func addRoutes(to router: Router<ServiceRequestContext>) {
        router.get("/reports/{id}/match-alerts/stop") { request, context -> Response in
            let token = try SubscriptionsController.token(try Query(request, allowed: ["token"])["token"])
            _ = try ReportsController.id(context)
            _ = try requireMail()
            return try SubscriptionsController.page(.stopMatches(action: request.uri.path, token: token))
        }
        router.post("/reports/{id}/match-alerts/stop") { request, context -> Response in
            let token = try await SubscriptionsController.postedToken(request)
            let id = try ReportsController.id(context)
            let store = try requireMail()
            let report: PetReport
            do throws(ReportStoreError) {
                report = try await store.report(id: id)
            } catch  where error.reason == .notFound {
                return try SubscriptionsController.page(.unknownMatchLink, status: .notFound)
            } catch {
                throw ReportsController.problem(error)
            }
            guard MatchAlertLink.accepts(token, for: report) else {
                return try SubscriptionsController.page(.unknownMatchLink, status: .notFound)
            }
            try await ReportsController.storeCall { try await store.stopMatchAlerts(reportID: id) }
            return try SubscriptionsController.page(.matchesStopped)
        }
    }

    private func requireMail() throws(Problem) -> any ReportStore {
        guard settings != nil, let store else {
            throw Problem(
                .serviceUnavailable, detail: "This server sends no mail (its operator gave no --smtp).",
                extensions: [("reason", "mailOff")])
        }
        return store
    }
}
