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
            let store = try requireStore()
            let folder = try requirePhotos()
            let report = try await reportToChange(request, id, in: store)
            let photo = try await PhotoRoute.admit(request, for: report.kind, name: id)
            do throws(ReportPhotoError) {
                try await folder.write(photo.bytes, type: photo.type, id: id)
            } catch {
                guard error.reason == .noReport else {
                    throw Problem.photoFailed("The photo could not be kept; the report keeps its earlier one.", error)
                }
                throw Problem(
                    .notFound, detail: "Report \(id) was removed while its photo arrived; the photo is not kept.",
                    extensions: [("reason", "reportNotFound")])
            }
            try await removeIfGone(id, folder: folder, store: store)
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

    /// A report removed while its photo was arriving (a DELETE between the first look and the
    /// write) must not keep the photo: looked up again after the write, a report that is gone
    /// has its photo removed and the PUT answers 404. A DELETE after this look removes the
    /// photo itself.
    private func removeIfGone(_ id: String, folder: any ReportPhotos, store: any ReportStore) async throws {
        do throws(ReportStoreError) {
            _ = try await store.report(id: id)
        } catch {
            guard error.reason == .notFound else { throw Self.problem(error) }
            try? await folder.remove(id: id)
            throw Problem(.notFound, detail: "Report \(id) was removed while its photo arrived; the photo is not kept.")
        }
    }

    private func requirePhotos() throws(Problem) -> any ReportPhotos {
        guard let photos else {
            throw Problem(
                .serviceUnavailable, detail: ReportPhotoError.notKept.description, extensions: [("reason", "noPhotos")])
        }
        return photos
    }
}
