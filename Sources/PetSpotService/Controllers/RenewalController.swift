import Hummingbird
import ReportStore

/// `/reports/{id}/renew?token=…`: the one-click renew a "still looking?" mail carries
/// (``RenewalReminder``, ``RenewalLink``). The GET shows one button; the POST (the page's form,
/// or the link's `?token=`) renews the report (``ReportStore/renew(id:)``) and answers a page
/// saying for how long it stays open. A token that is not the report's as it is now (it was
/// renewed since the mail), or a report gone, answers a 404 page that says so. Without mail
/// settings: 503 (``ReportLinkRoute``).
struct RenewalController {
    let store: (any ReportStore)?
    let settings: MailSettings?
    /// The lifetimes the pages name (the defaults when the server closes no report by age).
    let lifetimes: ReportLifetimes?

    func addRoutes(to router: Router<ServiceRequestContext>) {
        let lifetimes = self.lifetimes ?? ReportLifetimes()
        ReportLinkRoute(
            path: "/reports/{id}/renew",
            page: { action, token in .renew(action: action, token: token) },
            unknown: .unknownRenewLink,
            accepts: { token, report in RenewalLink.accepts(token, for: report) },
            act: { store, report in
                let renewed = try await ReportsController.storeCall { try await store.renew(id: report.id) }
                return .renewed(days: lifetimes.days(of: renewed.kind))
            }
        ).addRoutes(to: router, store: store, settings: settings)
    }
}
