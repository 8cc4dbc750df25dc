import Foundation
import Hummingbird
import OutsideInput
import PetSpotJSON
import ReportStore
import Reports

/// A missing report's sightings (issue 46): `POST /v1/reports/{id}/sightings` (201 with the
/// sighting and, once, its own `ownerToken`; 404 an unknown report, 409 one that is not an open
/// missing report, 422 the rules of ``SightingSubmission``), `GET …/sightings` (anyone, newest
/// seen first; a sighting's phone and email only for the report's owner, the operator and the
/// sighting's maker; `photoUrl` when it has a photo), `DELETE …/sightings/{sid}` (the report's
/// owner hides one, its maker removes their own, the operator either: 204; its photo goes with
/// it), and its photo (`…/sightings/{sid}/photo`, SightingsController+photo.swift). `POST` counts against the change budget as every `POST`.
struct SightingsController {
    let store: (any ReportStore)?
    let access: ReportAccess
    let now: @Sendable () -> Date

    func addRoutes(to router: Router<ServiceRequestContext>) {
        router.post("/v1/reports/{id}/sightings") { request, context -> Response in
            let (id, store, report) = try await ReportsController.reportInPath(request, context, in: self.store)
            guard report.kind == .missing, report.status == .active else {
                throw ReportsController.problem(
                    .notTakingSightings(report.id, kind: report.kind, status: report.status))
            }
            let token = OwnerToken.make()
            let sighting = try SightingSubmission.sighting(
                try await ReportsController.jsonBody(request), of: report, now: now(), makerTokenHash: token.hash)
            try await ReportsController.storeCall { try await store.addSighting(sighting) }
            var response = Response.json(SightingJSON.created(sighting, ownerToken: token), status: .created)
            response.headers[.location] = "/v1/reports/\(id)/sightings/\(sighting.id)"
            response.headers[.cacheControl] = "no-store"
            return response
        }
        router.get("/v1/reports/{id}/sightings") { request, context -> Response in
            let (id, store, report) = try await ReportsController.reportInPath(request, context, in: self.store)
            let sightings = try await ReportsController.storeCall { try await store.sightings(reportID: id) }
            let whole = access.seesWhole(request, report)
            let presented = try? Credentials.bearer(request)
            let contacts = { (sighting: Sighting) in whole || Self.made(sighting, by: presented) }
            let withPhotos = try await ReportsController.storeCall { try await store.sightingPhotoIDs(reportID: id) }
            var response = Response.json(
                SightingJSON.list(reportID: id, sightings, contacts: contacts) { sighting in
                    withPhotos.contains(sighting.id) ? Self.photoPath(id, sighting.id) : nil
                })
            if sightings.contains(where: contacts) { response.headers[.cacheControl] = "no-store" }
            return response
        }
        router.delete("/v1/reports/{id}/sightings/{sid}") { request, context -> Response in
            let (id, store, report) = try await ReportsController.reportInPath(request, context, in: self.store)
            let sighting = try await Self.sighting(context, of: id, in: store)
            if !Self.made(sighting, by: try Credentials.bearer(request)) {
                try access.check(request, mayChange: report)
            }
            do throws(ReportStoreError) {
                try await store.removeSighting(id: sighting.id)
            } catch {
                throw error.reason == .notFound ? Self.notFound(sighting.id, of: id) : ReportsController.problem(error)
            }
            return Response(status: .noContent)
        }
        addPhotoRoutes(to: router)
    }

    /// Whether `presented` is `sighting`'s own token (compared as digests, in constant time).
    static func made(_ sighting: Sighting, by presented: String?) -> Bool {
        guard let presented else { return false }
        let given = OwnerToken.hash(of: presented)
        let kept = sighting.makerTokenHash
        guard given.utf8.count == kept.utf8.count else { return false }
        return zip(given.utf8, kept.utf8).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }

    static func notFound(_ sightingID: String, of reportID: String) -> Problem {
        Problem(
            .notFound,
            detail: "Report \(reportID) has no sighting with id \(String(sightingID.prefix(80)).terminalSafe).",
            extensions: [("reason", "sightingNotFound")])
    }
}
