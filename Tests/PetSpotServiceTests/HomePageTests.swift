import Foundation
import PetSpotService
import Testing

/// The home page at `/` as served: the two flows, Near you's labelled controls and live
/// region, the pages' Content-Security-Policy, a script that only draws.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct HomePageTests {
    @Test func theHomePageLinksBothFlowsAndHasNearYou() async throws {
        try await TestServer.with { server in
            let page = try await server.request("/")
            #expect(page.status == 200, "\(page.body)")
            #expect(page.header("content-type") == "text/html; charset=utf-8")
            let policy = try #require(page.header("content-security-policy"))
            #expect(policy.contains("default-src 'none'") && policy.contains("script-src 'self'"))
            let flow = try await server.request("/report/missing")
            #expect(
                flow.header("content-security-policy").map { $0 + "; frame-src 'self'" } == policy,
                "the home page's policy is the pages' own, and frames of this site (the map beside the list)")
            // Only the map's embedded form may be framed, and by this site alone.
            let map = try await server.request("/map?near=52.2297,21.0122")
            #expect(map.header("content-security-policy")?.hasSuffix("frame-ancestors 'none'") == true)
            let embedded = try await server.request("/map?near=52.2297,21.0122&embed=1")
            #expect(embedded.header("content-security-policy")?.hasSuffix("frame-ancestors 'self'") == true)
            #expect(embedded.body.contains(#"data-embedded="true""#))
            for text in [
                #"href="/report/missing""#, ">Report a missing pet<", #"href="/report/found""#,
                ">Report a found animal<", ">Near you<", ">Use my location<", #"<label for="home-place">"#,
                #"id="home-place""#, #"role="status" aria-live="polite""#,
                #"<script type="module" src="/report/assets/home.js">"#,
                "Location permission was denied",
            ] {
                #expect(page.body.contains(text), "\(text)")
            }
            let ids = ReportPagesTests.testIDs(page.body)
            for id in [
                "home.reportMissing.tap", "home.reportFound.tap", "home.useLocation.tap", "home.place.input",
                "home.search.tap", "home.status", "home.list", "home.previous.tap", "home.next.tap",
            ] {
                #expect(ids.contains(id), "\(id)")
            }
            for path in ["/report/missing", "/report/found"] {
                #expect(try await server.request(path).status == 200, "\(path)")
            }
        }
    }

    @Test func theHomePageTakesOnlyItsOwnQuery() async throws {
        try await TestServer.with { server in
            #expect(try await server.request("/?near=52.2297%2C21.0122&page=3").status == 200)
            let wrong = try await server.request("/?step=2")
            #expect(wrong.status == 400)
            #expect(wrong.header("content-type") == "application/problem+json")
        }
    }

    @Test func theHomeScriptIsServedAndWritesTextOnly() async throws {
        try await TestServer.with { server in
            let script = try await server.request("/report/assets/home.js")
            #expect(script.status == 200)
            #expect(script.header("content-type") == "text/javascript; charset=utf-8")
            #expect(script.body.contains("/v1/reports?near="))
            #expect(!script.body.contains("innerHTML") && !script.body.contains("eval("))
            let style = try await server.request("/report/assets/home.css")
            #expect(style.header("content-type") == "text/css; charset=utf-8")
        }
    }
}
