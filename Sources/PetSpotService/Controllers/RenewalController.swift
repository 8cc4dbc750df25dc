import Foundation
import Hummingbird
import PetSpotJSON
import ReportStore

/// `/reports/{id}/renew?token=…`: the one-click renew a "still looking?" mail carries
/// (``RenewalReminder``, ``RenewalLink``). The GET shows one button; the POST (the page's form,
/// or the link's `?token=`) renews the report (``ReportStore/renew(id:)``) and answers a page
/// saying for how long it stays open. A token that is not the report's as it is now (it was
/// renewed since the mail), or a report gone, answers a 404 page that says so. Without mail
/// settings: 503.
struct RenewalController {
    let store: (any ReportStore)?
    let settings: MailSettings?
    /// The lifetimes the pages name (the defaults when the server closes no report by age).
    let lifetimes: ReportLifetimes?

    func addRoutes(to router: Router<ServiceRequestContext>) {
        router.get("/reports/{id}/renew") { request, context -> Response in
            let token = try SubscriptionsController.token(try Query(request, allowed: ["token"])["token"])
            _ = try ReportsController.id(context)
            _ = try requireMail()
            return try SubscriptionsController.page(.renew(action: request.uri.path, token: token))
        }
        router.post("/reports/{id}/renew") { request, context -> Response in
            let token = try await SubscriptionsController.postedToken(request)
            let id = try ReportsController.id(context)
            let store = try requireMail()
            let report: PetReport
            do throws(ReportStoreError) {
                report = try await store.report(id: id)
            } catch  where error.reason == .notFound {
                return try SubscriptionsController.page(.unknownRenewLink, status: .notFound)
            } catch {
                throw ReportsController.problem(error)
            }
            guard RenewalLink.accepts(token, for: report) else {
                return try SubscriptionsController.page(.unknownRenewLink, status: .notFound)
            }
            let renewed = try await ReportsController.storeCall { try await store.renew(id: id) }
            let days = (lifetimes ?? ReportLifetimes()).days(of: renewed.kind)
            return try SubscriptionsController.page(.renewed(days: days))
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
