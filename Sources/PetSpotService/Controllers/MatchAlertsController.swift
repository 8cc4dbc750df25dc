import Hummingbird
import ReportStore

/// `/reports/{id}/match-alerts/stop?token=…`: the one-click opt-out a match mail carries
/// (``MatchAlertLink``). The GET shows one button; the POST (the page's form, or a mail
/// reader's RFC 8058 one-click with `List-Unsubscribe=One-Click`) stops the report's match
/// mails at once and answers 200. A token that is not the report's, or a report gone, answers a
/// 404 page that says so. Without mail settings: 503 (``ReportLinkRoute``).
struct MatchAlertsController {
    let store: (any ReportStore)?
    let settings: MailSettings?

    func addRoutes(to router: Router<ServiceRequestContext>) {
        ReportLinkRoute(
            path: "/reports/{id}/match-alerts/stop",
            page: { action, token in .stopMatches(action: action, token: token) },
            unknown: .unknownMatchLink,
            accepts: { token, report in MatchAlertLink.accepts(token, for: report) },
            act: { store, report in
                try await ReportsController.storeCall { try await store.stopMatchAlerts(reportID: report.id) }
                return .matchesStopped
            }
        ).addRoutes(to: router, store: store, settings: settings)
    }
}
