import Hummingbird
import ReportStore
import Reports

/// `POST /v1/reports/{id}/renew`: resets a report's age (``PetReport/renewedAt`` becomes now), so
/// it stays open another lifetime (``ReportLifetimes``: 90 days for a missing report, 30 for a
/// found one by default). By its owner's token or the operator's (``ReportAccess``): 404 for an
/// unknown id, then 401/403. Answers the report as `PATCH` does. No body is read; as a `POST`
/// it counts against the client's budget of changes.
extension ReportsController {
    func addRenewRoute(to router: Router<ServiceRequestContext>) {
        router.post("/v1/reports/{id}/renew") { request, context -> Response in
            let (id, store, found) = try await Self.reportInPath(request, context, in: self.store)
            try access.check(request, mayChange: found)
            let report = try await Self.storeCall { try await store.renew(id: id) }
            return .json(ReportJSON.report(report))
        }
    }
}
