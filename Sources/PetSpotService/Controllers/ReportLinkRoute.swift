import Foundation
import Hummingbird
import PetSpotJSON
import ReportStore

/// A mailed link about one report that acts only through its page's one button:
/// `GET {path}?token=…` shows the page (``page``); `POST {path}` (the page's form `token=`, or
/// the link's `?token=` with a mail reader's one-click body) reads the report, checks the token
/// against it (``accepts``) and acts (``act``), answering the page ``act`` gives. A token that is
/// not the report's, or a report gone, answers ``unknown`` with 404; without mail settings, 503.
/// What the match-alerts opt-out and the one-click renew have in common, written once.
struct ReportLinkRoute: Sendable {
    /// The route, with `{id}`: `/reports/{id}/renew`.
    let path: String
    /// The GET's page: its form posts to `action` with `token`.
    let page: @Sendable (_ action: String, _ token: String) -> SubscriptionPage
    /// The 404 page for a link that is not (or no longer) the report's.
    let unknown: SubscriptionPage
    /// Whether `token` is the report's as stored now.
    let accepts: @Sendable (_ token: String, _ report: PetReport) -> Bool
    /// What the POST does once the token is accepted; the page it answers.
    let act: @Sendable (_ store: any ReportStore, _ report: PetReport) async throws -> SubscriptionPage

    func addRoutes(to router: Router<ServiceRequestContext>, store: (any ReportStore)?, settings: MailSettings?) {
        let route = self
        router.get(RouterPath(path)) { request, context -> Response in
            let token = try SubscriptionsController.token(try Query(request, allowed: ["token"])["token"])
            _ = try ReportsController.id(context)
            _ = try MailSettings.required(settings, store)
            return try SubscriptionsController.page(route.page(request.uri.path, token))
        }
        router.post(RouterPath(path)) { request, context -> Response in
            let token = try await SubscriptionsController.postedToken(request)
            let id = try ReportsController.id(context)
            let store = try MailSettings.required(settings, store)
            let report: PetReport
            do throws(ReportStoreError) {
                report = try await store.report(id: id)
            } catch  where error.reason == .notFound {
                return try SubscriptionsController.page(route.unknown, status: .notFound)
            } catch {
                throw ReportsController.problem(error)
            }
            guard route.accepts(token, report) else {
                return try SubscriptionsController.page(route.unknown, status: .notFound)
            }
            return try SubscriptionsController.page(try await route.act(store, report))
        }
    }
}

extension MailSettings {
    /// What a mail route answers on a server that sends no mail: 503, `reason` mailOff.
    static let off = Problem(
        .serviceUnavailable, detail: "This server sends no mail (its operator gave no --smtp).",
        extensions: [("reason", "mailOff")])

    /// `store` when the server sends mail (`settings`); else ``off``.
    static func required(_ settings: MailSettings?, _ store: (any ReportStore)?) throws(Problem) -> any ReportStore {
        guard settings != nil, let store else { throw off }
        return store
    }
}
