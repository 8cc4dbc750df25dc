import Hummingbird

/// `GET /`: the home page (``HomePage``), with the report pages' headers (their
/// Content-Security-Policy: nothing loaded from elsewhere, no inline script). It takes the
/// query its own script keeps in the address, `near` and `page`, and leaves them to the script.
struct HomePageController {
    func addRoutes(to router: Router<ServiceRequestContext>) {
        router.get(RouterPath(HomePage.path)) { request, _ -> Response in
            _ = try Query(request, allowed: ["near", "page"])
            return ReportPagesController.page(try PageTemplates.render(HomePage(), template: "Home"))
        }
    }
}
