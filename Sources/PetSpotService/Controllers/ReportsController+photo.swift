import Foundation
import Hummingbird
import NIOCore
import PetSpotJSON
import ReportSteps
import ReportStore
import Reports

/// A stored report's photo, kept by the server's ``ReportPhotos`` (the store itself, ``StoreKeptPhotos``):
///
/// - `PUT /v1/reports/{id}/photo` — the body is the image's bytes, checked by the report's
///   flow's ``PhotoStep`` rule (the format from the bytes, never the name or the media type;
///   10 MB in both flows), then kept without its metadata (``ReportPhotoRules``: no EXIF
///   GPS, serials or owner, XMP, IPTC or comments; the orientation kept): 200 `{"url", "type",
///   "mimeType", "byteCount"}` (the kept bytes); 404 for an unknown report; 401/403 without
///   the report's owner token or the operator's (``ReportAccess``); 413 too large, 415 not an
///   accepted image, 422 empty or damaged (cut short, lengths past its end), each with the
///   model's message. A PUT that ends after the report's DELETE answers 404 and leaves no
///   photo behind.
/// - `GET /v1/reports/{id}/photo` — the bytes with their `Content-Type`, an `ETag` (the
///   bytes' SHA-256, the same on every server) and `Cache-Control: public, no-cache`; `304`
///   with no body to an `If-None-Match` naming that tag; 404 for an unknown report or one
///   without a photo.
///
/// `DELETE /v1/reports/{id}` removes the photo too, and the card's `photoUrl` names this
/// route while the photo is there.
extension ReportsController {
    /// `/v1/reports/{id}/photo`.
    static func photoPath(_ id: String) -> String { "/v1/reports/\(id)/photo" }

    func addPhotoRoutes(to router: Router<ServiceRequestContext>) {
        router.put("/v1/reports/{id}/photo") { request, context -> Response in
            _ = try Query(request, allowed: [])
            let id = try Self.id(context)
            let keeper = try requireKeeper()
            _ = try requirePhotos()
            let report = try await reportToChange(request, id, in: keeper.store)
            let photo = try await PhotoRoute.admit(request, for: report.kind, name: id)
            try await Self.keeperCall(photoFailed: "The photo could not be kept; the report keeps its earlier one.") {
                () async throws(ReportKeeperError) in try await keeper.replacePhoto(id: id, with: photo)
            }
            return PhotoRoute.kept(photo, at: Self.photoPath(id))
        }
        router.get("/v1/reports/{id}/photo") { request, context -> Response in
            _ = try Query(request, allowed: [])
            let id = try Self.id(context)
            let store = try requireStore()
            let folder = try requirePhotos()
            _ = try await Self.storeCall { try await store.report(id: id) }  // a removed report's photo is gone
            let found: ReportPhoto?
            do throws(ReportPhotoError) {
                found = try await folder.photo(id: id)
            } catch {
                throw Problem.photoFailed("The photo of report \(id) could not be read.", error)
            }
            guard let found else { throw Problem(.notFound, detail: "Report \(id) has no photo.") }
            return PhotoRoute.response(request, found)
        }
    }

    private func requirePhotos() throws(Problem) -> any ReportPhotos {
        guard let photos else { throw Problem.noPhotos }
        return photos
    }
}
