import Hummingbird
import NIOCore
import PetSpotJSON
import ReportSteps
import ReportStore
import Reports

extension ReportPagesController {
    /// `GET /pets/{id}/poster[?paper=a4|letter]`: the report's printable poster (``PosterPage``),
    /// the report as a stranger sees it whoever asks — its owner adds their phone in their own
    /// browser. 404 for a report there is not and 400 for another paper — pages a person reads
    /// (``problemPage(_:)``) —, 503 without a store.
    func addPosterRoute(to router: Router<ServiceRequestContext>) {
        router.get("/pets/{id}/poster") { request, context -> Response in
            do {
                return try await poster(request, context)
            } catch let problem as Problem where problem.status == .badRequest || problem.status == .notFound {
                return try Self.problemPage(problem)
            }
        }
    }

    /// A poster's 400 or 404 as a page, as a person who typed or followed the link reads it:
    /// what is wrong (the problem's detail) and a link home.
    static func problemPage(_ problem: Problem) throws(Problem) -> Response {
        let notFound = problem.status == .notFound
        let page = SubscriptionPage(
            notFound ? "No such report" : "No such poster",
            heading: notFound ? "This report is not here" : "This poster cannot be printed",
            message: problem.detail, testID: notFound ? "poster.notFound" : "poster.badRequest")
        return Response(
            status: problem.status, headers: pageHeaders,
            body: ResponseBody(byteBuffer: ByteBuffer(string: try PageTemplates.render(page, template: "Subscription")))
        )
    }

    private func poster(_ request: Request, _ context: ServiceRequestContext) async throws -> Response {
        let query = try Query(request, allowed: ["paper"])
        let paper = try PosterPage.Paper(query: query["paper"])
        let id = context.parameters.get("id") ?? ""
        do {
            try ReportID.check(id)
        } catch {
            throw Problem(.notFound, detail: "No report can have the id '\(StepRequest.shown(id))': \(error).")
        }
        guard let store = reports else {
            throw Problem.noStore
        }
        // A report there is not is a 404; a store away a 503 that names nothing of it.
        let stored = try await ReportsController.storeCall { try await store.report(id: id) }
        var report = publicLocation.publicView(of: stored)
        if report.place?.isEmpty ?? true, let place = report.coordinate {
            report.place = PlacesController.nearTown(place)
        }
        // The card's texts without its contact check: a poster carries no contact anyway.
        let card = PetDetailsCard(Announcement(report))
        let hasPhoto = (try? await photos?.type(id: id)) != nil
        let link = posterBase(request) + PetDetailsPage.path(id)
        let page = PosterPage(
            report: report, card: card, hasPhoto: hasPhoto, link: link, paper: paper,
            contacts: [stored.phone, stored.email, stored.caregiverPhone, stored.currentAddress])
        return Self.page(try PageTemplates.render(page, template: "Poster"))
    }

    /// The base of the poster's link: `--public-url` when the server has one, else the
    /// request's own origin (``PublicBase``), else nothing (a relative link).
    func posterBase(_ request: Request) -> String {
        publicURL?.text ?? PublicBase.of(request) ?? ""
    }
}
