import Hummingbird
import NIOCore
import ReportSteps
import ReportStore
import Reports

/// The report pages: `GET /report/missing`, `GET /report/found`, the Pet details card
/// `GET /pets/{id}`, its printable poster `GET /pets/{id}/poster` (server-rendered HTML from the Mustache templates beside this file) and
/// `GET /report/assets/{file}` (their scripts and style). No external resource is loaded: the Content-Security-Policy allows only this
/// server. The card's page carries the report's shared tags (``ShareTags``), read from the
/// store as a stranger sees the report.
struct ReportPagesController {
    let configuration: PageConfiguration
    /// The reports store the card pages' shared tags are read from; `nil` without one.
    var reports: (any ReportStore)? = nil
    /// Where the reports' photos are kept, for `og:image`.
    var photos: (any ReportPhotos)? = nil
    /// The grid a stranger sees a missing report's place on.
    var publicLocation = PublicLocation()
    /// Whether cards offer "Send a message to the reporter" (the server sends mail).
    var messages = false
    /// Where visitors reach this server (`--public-url`), the base of a poster's QR code; the
    /// request's own origin without it.
    var publicURL: PublicURL? = nil

    /// The headers of every page: nothing cached (the pages carry today's date), nothing
    /// loaded from elsewhere, no inline script, and no address of a page (a card's id, a place
    /// in the query) told to another site whose link is followed.
    static let pageHeaders: HTTPFields = [
        .contentType: "text/html; charset=utf-8", .cacheControl: "no-store",
        .contentSecurityPolicy:
            "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' blob: data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
        .xContentTypeOptions: "nosniff", .referrerPolicy: "same-origin",
    ]

    func addRoutes(to router: Router<ServiceRequestContext>) {
        router.get("/report/found") { request, _ -> Response in
            _ = try Query(request, allowed: [])
            return Self.page(try PageTemplates.render(ReportFlowPage.found(configuration), template: "ReportFlow"))
        }
        router.get("/report/missing") { request, _ -> Response in
            _ = try Query(request, allowed: [])
            return Self.page(try PageTemplates.render(ReportFlowPage.missing(configuration), template: "ReportFlow"))
        }
        router.get("/pets/{id}") { request, context -> Response in
            _ = try Query(request, allowed: [])
            let id = context.parameters.get("id") ?? ""
            do {
                try ReportID.check(id)
            } catch {
                throw Problem(.notFound, detail: "No report can have the id '\(StepRequest.shown(id))': \(error).")
            }
            let share = await shareTags(id: id, request: request)
            var page = PetDetailsPage(id: id, share: share)
            page.messages = messages
            return Self.page(try PageTemplates.render(page, template: "PetDetails"))
        }
        addPosterRoute(to: router)
        EmbeddedAssets(files: PageTemplates.assets, noun: "page asset", cacheControl: "no-cache")
            .addRoute("/report/assets/{file}", to: router)
    }

    static func page(_ html: String) -> Response {
        Response(status: .ok, headers: pageHeaders, body: ResponseBody(byteBuffer: ByteBuffer(string: html)))
    }
}
