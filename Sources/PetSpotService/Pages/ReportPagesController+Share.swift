import Hummingbird
import ReportStore
import Reports

extension ReportPagesController {
    /// The shared tags of report `id`'s card page as `request` reaches this server: the report
    /// as a stranger sees it — a missing report's place its grid cell's centre
    /// (``PublicLocation``), named by its typed name or its nearest town, never its coordinates —
    /// and its kept photo. The generic tags when the report cannot be read (no store, no such
    /// report, the store away): the page answers as before; `nil` without a `Host`.
    func shareTags(id: String, request: Request) async -> ShareTags? {
        guard let base = PublicBase.of(request) else { return nil }
        guard let store = reports, let stored = try? await store.report(id: id) else {
            return ShareTags(genericFor: id, base: base)
        }
        var report = publicLocation.publicView(of: stored)
        if report.place?.isEmpty ?? true, let place = report.coordinate {
            report.place = PlacesController.nearTown(place)
        }
        let photo = try? await photos?.type(id: id)
        return ShareTags(id: id, summary: ShareSummary(report), base: base, hasPhoto: photo != nil)
    }
}
