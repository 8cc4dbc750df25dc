import Foundation
import ReportStore
import Testing

@testable import PetSpotService

/// The small ones of the hostile round four (issue 43): numbers in query strings as the CLI
/// reads them, ids a URL path resolves away, what a public server without an operator token
/// keeps closed, and the pages' Referrer-Policy.
@Suite(.timeLimit(.minutes(5)))
struct SmallHostileCasesTests {
    @Test(arguments: [
        "/v1/geodesy/radius?center=52.2297,21.0122&km=0x10", "/v1/geodesy/radius?center=52.2297,21.0122&km=1e3",
        "/v1/geodesy/radius?center=52.2297,21.0122&km=nan", "/v1/geodesy/radius?center=52.2297,21.0122&km=inf",
        "/v1/reports/updates?near=52.2297,21.0122&km=0x10", "/v1/location?timeout=0x1p4",
    ])
    func hexadecimalAndExponentNumbersInAQueryAreRefused(path: String) async throws {
        try await TestServer.with { server in
            let answer = try await server.request(path)
            #expect(answer.status == 400, "\(path): \(answer.body)")
            #expect(answer.body.contains("must be"), "\(answer.body)")
        }
    }

    @Test func plainDecimalsInAQueryAreTaken() async throws {
        try await TestServer.with { server in
            for km in ["16", "+16", "16.5", ".5", "0016"] {
                let answer = try await server.request("/v1/geodesy/radius?center=52.2297,21.0122&km=\(km)")
                #expect(answer.status == 200, "\(km): \(answer.body)")
            }
        }
    }

    @Test(arguments: [".", ".."])
    func aReportIdAPathResolvesAwayIsRefused(id: String) {
        #expect(throws: ReportStoreError.self) { try ReportID.check(id) }
        #expect(throws: ReportStoreError.self) { try PetReport(id: id, kind: .missing).validate() }
    }

    @Test func aPublicServerWithoutAnOperatorTokenSaysWhatStaysClosed() throws {
        let open = ServiceConfiguration(host: "0.0.0.0")
        let notices = startupNotices(open)
        #expect(notices.count == 1)
        #expect(
            notices.first?.contains("/v1/location") == true && notices.first?.contains("--operator-token-file") == true)
        var withToken = open
        withToken.operatorToken = try OperatorToken(secret: OperatorAccessTests.secret)
        #expect(startupNotices(withToken).isEmpty)
        #expect(startupNotices(ServiceConfiguration(host: "127.0.0.1")).isEmpty)
    }

    @Test(arguments: ["/", "/report/found", "/report/missing", "/map", "/pets/r-1"])
    func everyPageSendsReferrerPolicySameOrigin(path: String) async throws {
        try await TestServer.with { server in
            let answer = try await server.request(path)
            #expect(answer.status == 200, "\(path): \(answer.status)")
            #expect(answer.header("referrer-policy") == "same-origin", "\(path)")
        }
    }
}
