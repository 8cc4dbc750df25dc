import Foundation
import PetSpotService
import ReportStore
import Reports
import SQLiteReportStore
import Testing

/// The sighting routes' examples for the conformance test: every documented status, on a
/// server without a store and on one with an open missing report (`ex-seen`) and a found one.
extension OpenAPIConformanceTests {
    /// Runs every sighting example and hands each answer to `check` (method, path, answer).
    static func exerciseSightingRoutes(_ check: @escaping @Sendable (String, String, Answer) throws -> Void)
        async throws
    {
        let json = ExampleRequests.json
        let seen = Array(
            #"{"seenAt":"\#(ReportTimestamp.text(Date().addingTimeInterval(-60)))","locationLatitude":52.24,"locationLongitude":21.03,"email":"seer@example.org"}"#
                .utf8)
        let list = "/v1/reports/ex-seen/sightings"
        @Sendable func run(_ server: TestServer, _ examples: [ExampleRequest]) async throws {
            for example in examples {
                let answer = try await server.request(
                    example.method, example.path, headers: example.headers, body: example.body)
                #expect(answer.status == example.status, "\(example.method) \(example.path): \(answer.body)")
                try check(example.method, example.path, answer)
            }
        }
        try await TestServer.with(ServiceConfiguration(logger: TestServer.quietLogger)) { server in
            try await run(
                server,
                [
                    ExampleRequest(method: "POST", path: list, headers: json, body: seen, status: 503),
                    ExampleRequest(path: list, status: 503),
                    ExampleRequest(method: "DELETE", path: list + "/sig-1", status: 503),
                    ExampleRequest(path: list + "/sig-1/photo", status: 503),
                    ExampleRequest(
                        method: "PUT", path: list + "/sig-1/photo", headers: ExampleRequests.octets,
                        body: ExampleRequests.png, status: 503),
                ])
        }
        let folder = try TemporaryStoreFolder()
        let store = try SQLiteReportStore(path: folder.path)
        try await store.add([PetReport(id: "ex-seen", kind: .missing), PetReport(id: "ex-found", kind: .found)])
        try await TestServer.with(
            ServiceConfiguration(
                limits: .unlimitedRate, operatorToken: try OperatorToken(secret: ExampleRequests.operatorSecret),
                logger: TestServer.quietLogger, reports: store)
        ) { server in
            let made = try await server.request("POST", list, headers: json, body: seen)
            #expect(made.status == 201, "\(made.body)")
            try check("POST", list, made)
            let sid = try #require(try made.object["id"] as? String)
            let maker = [("Authorization", "Bearer \(try #require(try made.object["ownerToken"] as? String))")]
            try await run(
                server,
                [
                    ExampleRequest(method: "POST", path: list, headers: json, body: Array("{".utf8), status: 400),
                    ExampleRequest(
                        method: "POST", path: "/v1/reports/ex-none/sightings", headers: json, body: seen, status: 404),
                    ExampleRequest(
                        method: "POST", path: "/v1/reports/ex-found/sightings", headers: json, body: seen, status: 409),
                    ExampleRequest(
                        method: "POST", path: list, headers: json,
                        body: Array(repeating: UInt8(ascii: " "), count: 300 * 1024), status: 413),
                    ExampleRequest(
                        method: "POST", path: list, headers: [("Content-Type", "text/plain")], body: seen, status: 415),
                    ExampleRequest(method: "POST", path: list, headers: json, body: Array("{}".utf8), status: 422),
                    ExampleRequest(path: list, status: 200),
                    ExampleRequest(path: list, headers: maker, status: 200),
                    ExampleRequest(path: list + "?x=1", status: 400),
                    ExampleRequest(path: "/v1/reports/ex-none/sightings", status: 404),
                    ExampleRequest(method: "DELETE", path: list + "/\(sid)?x=1", status: 400),
                    ExampleRequest(method: "DELETE", path: list + "/\(sid)", status: 401),
                    ExampleRequest(
                        method: "DELETE", path: list + "/\(sid)", headers: ExampleRequests.asStranger, status: 403),
                    ExampleRequest(
                        method: "DELETE", path: list + "/sig-none", headers: ExampleRequests.asOperator, status: 404),
                ] + Self.sightingPhotoExamples(list + "/\(sid)/photo", maker: maker) + [
                    ExampleRequest(method: "DELETE", path: list + "/\(sid)", headers: maker, status: 204)
                ])
        }
        await store.close()
    }

    /// The photo route's examples for sighting `photo` (`…/sightings/{sid}/photo`) made by `maker`.
    static func sightingPhotoExamples(_ photo: String, maker: [(String, String)]) -> [ExampleRequest] {
        let (octets, png) = (ExampleRequests.octets, ExampleRequests.png)
        let none = "/v1/reports/ex-seen/sightings/sig-none/photo"
        return [
            ExampleRequest(path: photo, status: 404),
            ExampleRequest(method: "PUT", path: photo, headers: octets, body: png, status: 401),
            ExampleRequest(
                method: "PUT", path: photo, headers: octets + ExampleRequests.asStranger, body: png, status: 403),
            ExampleRequest(method: "PUT", path: none, headers: octets + maker, body: png, status: 404),
            ExampleRequest(method: "PUT", path: photo + "?x=1", headers: octets + maker, body: png, status: 400),
            ExampleRequest(method: "PUT", path: photo, headers: octets + maker, body: Array("hi".utf8), status: 415),
            ExampleRequest(method: "PUT", path: photo, headers: octets + maker, body: [], status: 422),
            ExampleRequest(
                method: "PUT", path: photo, headers: octets + maker,
                body: png + [UInt8](repeating: 0, count: 16 * 1_048_576), status: 413),
            ExampleRequest(method: "PUT", path: photo, headers: octets + maker, body: png, status: 200),
            ExampleRequest(path: photo, status: 200),
            ExampleRequest(
                path: photo, headers: [("If-None-Match", "\"\(ReportPhoto.tag(of: Data(png)))\"")], status: 304),
            ExampleRequest(path: photo + "?x=1", status: 400),
            ExampleRequest(path: none, status: 404),
        ]
    }
}
