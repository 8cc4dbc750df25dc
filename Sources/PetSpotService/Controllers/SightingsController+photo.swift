import Foundation
import Hummingbird
import PetSpotJSON
import ReportSteps
import ReportStore
import Reports

/// A sighting's photo (issue 46), kept by the store beside the sighting (``SightingStore``) and
/// served as a report's photo is (``PhotoRoute``):
///
/// - `PUT /v1/reports/{id}/sightings/{sid}/photo` — the body is the image's bytes, checked by
///   the report's flow's rule and kept without its metadata (``ReportPhotoRules``: no EXIF GPS):
///   200 `{"url", "type", "mimeType", "byteCount"}`; only the sighting's maker (its own
///   `ownerToken`) or the operator: 401 without a token, 403 with another; 404 an unknown
///   report or sighting; 413 too large, 415 not an accepted image, 422 empty or damaged.
/// - `GET /v1/reports/{id}/sightings/{sid}/photo` — the bytes, `ETag`, `Cache-Control`, `304`
///   to a matching `If-None-Match`; 404 an unknown report or sighting, or one without a photo.
///
/// Removing the sighting (its `DELETE`), its report, or its maker's email ("forget me")
/// removes the photo; a sighting with a photo lists its `photoUrl`.
extension SightingsController {
    /// `/v1/reports/{id}/sightings/{sid}/photo`.
    static func photoPath(_ reportID: String, _ sightingID: String) -> String {
        "/v1/reports/\(reportID)/sightings/\(sightingID)/photo"
    }

    func addPhotoRoutes(to router: Router<ServiceRequestContext>) {
        router.put("/v1/reports/{id}/sightings/{sid}/photo") { request, context -> Response in
            let (id, store, report) = try await ReportsController.reportInPath(request, context, in: self.store)
            let sighting = try await Self.sighting(context, of: id, in: store)
            try checkMaker(request, sighting)
            let photo = try await PhotoRoute.admit(request, for: report.kind, name: sighting.id)
            do throws(ReportStoreError) {
                try await store.setSightingPhoto(StoredPhoto(photo), id: sighting.id)
            } catch {
                guard error.reason == .notFound else { throw ReportsController.problem(error) }
                throw Problem(
                    .notFound,
                    detail: "Sighting \(sighting.id) was removed while its photo arrived; the photo is not kept.",
                    extensions: [("reason", "sightingNotFound")])
            }
            return PhotoRoute.kept(photo, at: Self.photoPath(id, sighting.id))
        }
        router.get("/v1/reports/{id}/sightings/{sid}/photo") { request, context -> Response in
            let (id, store, _) = try await ReportsController.reportInPath(request, context, in: self.store)
            let sighting = try await Self.sighting(context, of: id, in: store)
            let found = try await ReportsController.storeCall { try await store.sightingPhoto(id: sighting.id) }
            guard let found else {
                throw Problem(.notFound, detail: "Sighting \(sighting.id) has no photo.")
            }
            guard let type = ImageType.allCases.first(where: { $0.mimeType == found.mediaType }) else {
                throw Problem.photoFailed(
                    "The photo of sighting \(sighting.id) could not be read.",
                    ReportStoreError.storage("reading a sighting's photo", "unknown type \(found.mediaType)"))
            }
            return PhotoRoute.response(request, ReportPhoto(bytes: found.bytes, type: type, tag: found.tag))
        }
    }

    /// Sighting `{sid}` of report `reportID`.
    ///
    /// - Throws: ``Problem``: 404 when the report has no such sighting.
    static func sighting(_ context: ServiceRequestContext, of reportID: String, in store: any ReportStore)
        async throws -> Sighting
    {
        let sightingID = context.parameters.get("sid") ?? ""
        let found = try await ReportsController.storeCall { try await store.sighting(id: sightingID) }
        guard let sighting = found, sighting.reportID == reportID else { throw notFound(sightingID, of: reportID) }
        return sighting
    }

    /// Refuses `request` unless it carries `sighting`'s own token or the operator's: 401 without
    /// a token (`ownerTokenRequired`), 403 with another (`notSightingMaker`).
    func checkMaker(_ request: Request, _ sighting: Sighting) throws(Problem) {
        try Credentials.requireOwner(
            request, accepts: { Self.made(sighting, by: $0) || access.isOperator(request) },
            missing: "Only the person who added this sighting, or the operator, can give it a photo. Send "
                + "Authorization: Bearer TOKEN with the ownerToken given when sighting \(sighting.id) was added.",
            refused: "Only the person who added this sighting, or the operator, can give it a photo; the token sent "
                + "is neither sighting \(sighting.id)'s own nor the operator's.",
            reason: "notSightingMaker")
    }
}
