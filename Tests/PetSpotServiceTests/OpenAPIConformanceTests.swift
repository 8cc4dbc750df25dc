import Foundation
import Geodata
import Geodesy
import Location
import LocationTestSupport
import Locking
import ReportSteps
import ReportStore
import Reports
import SQLiteReportStore
import Testing
import Yams

@testable import PetSpotService

/// The OpenAPI document is the contract: every route the router has is documented and every
/// documented operation is routed; every request below is answered with a documented status
/// whose body matches the documented schema; and every documented status is exercised here,
/// so neither side can drift.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct OpenAPIConformanceTests {
    /// The document the server serves (`openapi.yaml` with its report schemas generated from
    /// ``ReportField``), parsed.
    static var document: [String: Any] {
        ((try? Yams.load(yaml: OpenAPIController.document)) as? [String: Any]) ?? [:]
    }

    /// `"GET /healthz"` for every documented operation.
    static var documentedOperations: [String] {
        let paths = document["paths"] as? [String: Any] ?? [:]
        return paths.flatMap { path, item in
            (item as? [String: Any] ?? [:]).keys.map { "\($0.uppercased()) \(path)" }
        }.sorted()
    }

    @Test func everyRouteIsDocumentedAndEveryDocumentedOperationIsRouted() {
        let routes = RouteIndex()
        _ = buildRouter(ServiceConfiguration(logger: TestServer.quietLogger), routes: routes)
        #expect(!routes.all.isEmpty)
        #expect(routes.all == Self.documentedOperations)
    }

    @Test func theServedDocumentIsTheBuiltOne() async throws {
        try await TestServer.with { server in
            let answer = try await server.request("/openapi.yaml")
            #expect(answer.status == 200)
            #expect(answer.body == OpenAPIController.document)
            #expect(!Self.document.isEmpty, "the built document is YAML")
        }
    }

    /// A found report inside ex-1's circle: ex-1 is its match.
    static func foundNearExOne() throws -> PetReport {
        var found = PetReport(id: "ex-4", kind: .found)
        found.coordinate = try Coordinate(latitude: 52.24, longitude: 21.02)
        return found
    }

    @Test func everyAnswerIsDocumentedAndEveryDocumentedStatusIsExercised() async throws {
        let exercised = Locked(Set<String>())
        let validator = SchemaValidator(document: Self.document)
        let check: @Sendable (String, String, Answer) throws -> Void = { method, path, answer in
            let key = try Self.check(method, path, answer, validator: validator)
            exercised.withLock { _ = $0.insert(key) }
        }
        try await TestServer.with(ServiceConfiguration(logger: TestServer.quietLogger)) { server in
            for example in ExampleRequests.withoutSource {
                let answer = try await server.request(
                    example.method, example.path, headers: example.headers, body: example.body)
                #expect(answer.status == example.status, "\(example.method) \(example.path): \(answer.body)")
                try check(example.method, example.path, answer)
            }
        }
        // A reports store holding ex-1, ex-2 and ex-3 (the one with a contact: a card).
        let folder = try TemporaryStoreFolder()
        let store = try SQLiteReportStore(path: folder.path)
        var withContact = PetReport(id: "ex-3", kind: .missing)
        withContact.email = "owner@example.com"
        try await store.add([
            try PetReport.missing(
                id: "ex-1", coordinate: Coordinate(latitude: 52.23, longitude: 21.01),
                radius: SearchRadius(kilometers: 5)),
            PetReport(id: "ex-2", kind: .found),
            withContact, try Self.foundNearExOne(),
        ])
        try await TestServer.with(
            // No rate limit: the examples make more changes than a client's burst (its 429 is
            // ServiceLimitsTests').
            ServiceConfiguration(
                limits: .unlimitedRate, operatorToken: try OperatorToken(secret: ExampleRequests.operatorSecret),
                logger: TestServer.quietLogger, reports: store,
                photos: StoreKeptPhotos(store), today: ReportRoutesTests.today)
        ) { server in
            for example in ExampleRequests.withStore {
                let answer = try await server.request(
                    example.method, example.path, headers: example.headers, body: example.body)
                #expect(answer.status == example.status, "\(example.method) \(example.path): \(answer.body)")
                try check(example.method, example.path, answer)
            }
            let alerts = EventStreamClient(url: server.url("/v1/reports/updates?near=52.23,21.01&km=5"))
            defer { alerts.close() }
            #expect(await alerts.wait(hangGuard) { $0.comments.contains("connected") })
            #expect(alerts.status == 200)
            exercised.withLock { _ = $0.insert("GET /v1/reports/updates 200") }
        }
        // Submit report where the photo cannot be kept (no photos here): 503, nothing stored.
        try await TestServer.with(
            ServiceConfiguration(logger: TestServer.quietLogger, reports: store, today: ReportRoutesTests.today)
        ) { server in
            let before = try await store.count()
            let path = "/v1/report-steps/missing/contactDetails"
            let answer = try await server.request(
                "POST", path, headers: ExampleRequests.json, body: Array(ExampleRequests.missingSubmit.utf8))
            #expect(answer.status == 503, "\(answer.body)")
            #expect(try answer.object["reason"] as? String == "noPhotos")
            #expect(try await store.count() == before, "nothing stored without its photo")
            try check("POST", path, answer)
        }
        // A stranger past the contact budget (one an hour here): 429.
        try await TestServer.with(
            ServiceConfiguration(
                limits: ServiceLimits(changeRate: nil, contactsPerHour: 1), logger: TestServer.quietLogger,
                reports: store, today: ReportRoutesTests.today)
        ) { server in
            for status in [200, 429] {
                let answer = try await server.request("/v1/reports/ex-3/contact")
                #expect(answer.status == status, "\(answer.body)")
                try check("GET", "/v1/reports/ex-3/contact", answer)
            }
        }
        await store.close()
        // A gpsd source nobody listens on: the provider is unavailable.
        let deadGPSD = ServiceConfiguration(
            location: .gpsd(
                GPSDEndpoint(host: "127.0.0.1", port: 1), authorizer: InMemoryAuthorizer(.authorizedWhenInUse),
                logger: TestServer.quietLogger),
            logger: TestServer.quietLogger)
        try await TestServer.with(deadGPSD) { server in
            let location = try await server.request("/v1/location?timeout=20")
            #expect(location.status == 503)
            #expect(try location.object["reason"] as? String == "providerUnavailable")
            try check("GET", "/v1/location", location)
            let stream = EventStreamClient(url: server.url("/v1/location/updates"))
            defer { stream.close() }
            let unavailable = await stream.wait(hangGuard) { client in
                client.events.contains { $0.data.contains("\"providerUnavailable\"") }
            }
            #expect(unavailable)
            #expect(stream.status == 200)
            exercised.withLock { _ = $0.insert("GET /v1/location/updates 200") }
            let ready = try await server.request("/readyz")
            #expect(ready.status == 503, "\(ready.body)")
            try check("GET", "/readyz", ready)
        }
        // A server not only on loopback: its own position needs the operator's token.
        try await TestServer.with(try OperatorAccessTests.publicServer()) { server in
            for (path, headers, status) in [
                ("/v1/location?timeout=20", [(String, String)](), 401), ("/v1/location/updates", [], 401),
                ("/v1/location/updates", ExampleRequests.asStranger, 403),
            ] {
                let answer = try await server.request(path, headers: headers)
                #expect(answer.status == status, "\(path): \(answer.body)")
                try check("GET", path, answer)
            }
        }
        try await Self.exerciseMailRoutes(check)
        try await Self.exerciseSightingRoutes(check)
        let missing = Self.documentedStatuses.subtracting(exercised.withLock { $0 })
        #expect(missing.isEmpty, "documented but never exercised: \(missing.sorted())")
    }

    /// `"GET /healthz 200"` for every documented operation and status.
    static var documentedStatuses: Set<String> {
        let paths = document["paths"] as? [String: Any] ?? [:]
        var statuses = Set<String>()
        for (path, item) in paths {
            for (method, operation) in item as? [String: Any] ?? [:] {
                let responses = (operation as? [String: Any])?["responses"] as? [String: Any] ?? [:]
                for status in responses.keys { statuses.insert("\(method.uppercased()) \(path) \(status)") }
            }
        }
        return statuses
    }

    /// Checks one answer against the document; returns `"METHOD /template STATUS"`.
    static func check(_ method: String, _ target: String, _ answer: Answer, validator: SchemaValidator) throws
        -> String
    {
        let path = String(target.split(separator: "?", maxSplits: 1).first ?? "")
        let paths = document["paths"] as? [String: Any] ?? [:]
        // The most literal template with this method: /v1/reports/nearby before /v1/reports/{id}.
        let template = paths.keys.filter { Self.matches(template: $0, path) }
            .sorted { ($0.filter { $0 == "{" }.count, $0) < ($1.filter { $0 == "{" }.count, $1) }
            .first { (paths[$0] as? [String: Any])?[method.lowercased()] != nil }
        let operation = template.flatMap { (paths[$0] as? [String: Any])?[method.lowercased()] as? [String: Any] }
        let contentType = answer.header("content-type")?.split(separator: ";").first.map(String.init) ?? ""
        if [204, 303, 304].contains(answer.status) {  // no body: a 303 is a redirect
            let responses = (operation?["responses"] as? [String: Any]) ?? [:]
            #expect(responses["\(answer.status)"] != nil, "\(method) \(target): \(answer.status) is undocumented")
            #expect(answer.body.isEmpty)
            return "\(method) \(template ?? path) \(answer.status)"
        }
        guard let template, let operation else {
            // Not an operation: only the global 404 and 405 problems.
            #expect([404, 405].contains(answer.status), "\(method) \(target) → \(answer.status)")
            #expect(contentType == "application/problem+json")
            let problem = try JSONNode.parse(answer.body)
            #expect(validator.problems(problem, ["$ref": "#/components/schemas/Problem"]).isEmpty)
            if answer.status == 405 { #expect(answer.header("allow") != nil) }
            return "\(method) \(path) \(answer.status)"
        }
        let responses = operation["responses"] as? [String: Any] ?? [:]
        let documented = validator.response(responses["\(answer.status)"])
        let response = try #require(documented, "\(method) \(template): \(answer.status) is undocumented")
        let content = response["content"] as? [String: Any] ?? [:]
        let media = try #require(
            content[contentType] as? [String: Any],
            "\(method) \(template) \(answer.status): \(contentType) undocumented")
        if contentType.hasSuffix("json"), let schema = media["schema"] as? [String: Any] {
            let problems = validator.problems(try JSONNode.parse(answer.body), schema)
            #expect(problems.isEmpty, "\(method) \(target) \(answer.status): \(problems)")
        }
        return "\(method) \(template) \(answer.status)"
    }

    static func matches(template: String, _ path: String) -> Bool {
        let parts = template.split(separator: "/")
        let components = path.split(separator: "/")
        guard parts.count == components.count else { return false }
        return zip(parts, components).allSatisfy { $0.hasPrefix("{") || $0 == $1 }
    }
}
