import Foundation
import LocationTestSupport
import PetSpotService
import Testing

/// Each endpoint's answers: the same bytes as the CLI's `--json` (one encoder), and the
/// problem details of each kind of bad request.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct EndpointTests {
    /// Endpoint and the `petspot` arguments that print the same JSON.
    static let sameAsCLI: [(path: String, accept: String?, arguments: [String])] = [
        ("/v1/coordinates/validate?pair=52.2297,21.0122", nil, ["validate", "--json", "52.2297,21.0122"]),
        (
            "/v1/coordinates/validate?latitude=91&longitude=21.0122&flow=found", nil,
            ["validate", "--json", "--flow", "found", "--latitude", "91", "--longitude", "21.0122"]
        ),
        (
            "/v1/coordinates/validate?latitude=52.2297&longitude=", nil,
            ["validate", "--json", "--latitude", "52.2297", "--longitude", ""]
        ),
        (
            "/v1/geodesy/distance?from=52.2297,21.0122&to=-33.8688,151.2093", nil,
            ["distance", "--json", "52.2297,21.0122", "-33.8688,151.2093"]
        ),
        (
            "/v1/geodesy/radius?center=52.2297,21.0122&km=15&name=Warsaw", nil,
            ["radius", "--json", "--center", "52.2297,21.0122", "--km", "15", "--name", "Warsaw"]
        ),
        (
            "/v1/geodesy/radius?center=52.2297,21.0122&km=0.5", "application/geo+json",
            ["radius", "--geojson", "--center", "52.2297,21.0122", "--km", "0.5"]
        ),
        ("/v1/places?q=Krak%C3%B3w", nil, ["place", "--json", "Kraków"]),
        ("/v1/places?q=lodz&limit=3", nil, ["place", "--json", "--limit", "3", "Łódź"]),
        ("/v1/places/nearest?near=52.0815,21.0240", nil, ["place", "--json", "52.0815,21.0240"]),
        ("/v1/scenarios", nil, ["scenario", "list", "--json"]),
        ("/v1/location?scenario=default", nil, ["locate", "--json", "--scenario", "default"]),
    ]

    @Test func answersAreTheCLIsJSONBytes() async throws {
        try await TestServer.with { server in
            for example in Self.sameAsCLI {
                let answer = try await server.request(
                    example.path, headers: example.accept.map { [("Accept", $0)] } ?? [])
                #expect(answer.status == 200, "\(example.path)")
                let printed = try await PetSpotBinary.output(example.arguments)
                #expect(answer.body + "\n" == printed, "\(example.path)")
            }
            let run = try await server.request("POST", "/v1/scenarios/default/run")
            #expect(run.body + "\n" == (try await PetSpotBinary.output(["scenario", "run", "--json", "default"])))
        }
    }

    @Test func transcriptEntriesCarryTypedFields() async throws {
        try await TestServer.with { server in
            let run = try await server.request("POST", "/v1/scenarios/default/run")
            let entries = try #require(try run.object["entries"] as? [[String: Any]])
            let received = try #require(entries.first { ($0["event"] as? String)?.hasPrefix("← fix") == true })
            #expect(received["latitude"] as? Double == 52.2297)
            #expect(received["longitude"] as? Double == 21.0122)
            #expect(received["accuracy"] as? Double == 5)
            #expect(received["status"] as? String == "fix")
            let asked = try #require(entries.first { ($0["event"] as? String)?.hasPrefix("← authorization") == true })
            #expect(asked["status"] as? String == "authorizedWhenInUse")
            #expect(asked["latitude"] is NSNull)
            let denied = try await server.request("POST", "/v1/scenarios/permission-denied/run")
            let deniedEntries = try #require(try denied.object["entries"] as? [[String: Any]])
            #expect(deniedEntries.contains { $0["status"] as? String == "denied" })
        }
    }

    @Test func locationFailuresAreProblemsWithTheirReason() async throws {
        try await TestServer.with { server in
            for (path, status, reason) in [
                ("/v1/location", 503, "noSource"), ("/v1/location/updates", 503, "noSource"),
                ("/v1/location?scenario=permission-denied", 403, "denied"),
                ("/v1/location?scenario=restricted", 403, "restricted"),
                ("/v1/location?scenario=not-determined-denied", 403, "denied"),
                ("/v1/location?scenario=no-fix-timeout&timeout=5", 504, "noFix"),
            ] {
                let answer = try await server.request(path)
                #expect(answer.status == status, "\(path)")
                #expect(answer.header("content-type") == "application/problem+json")
                let problem = try answer.object
                #expect(problem["reason"] as? String == reason, "\(path)")
                #expect(problem["status"] as? Int == status)
                #expect((problem["detail"] as? String)?.isEmpty == false)
            }
            let noFix = try await server.request("/v1/location?scenario=no-fix-timeout&timeout=5")
            #expect((try noFix.object["detail"] as? String)?.contains("No fix within 5 s") == true)
        }
    }

    @Test func badRequestsNameTheParameterAndTheRule() async throws {
        try await TestServer.with { server in
            for (path, parameter, words) in [
                ("/v1/geodesy/radius?center=52.2297,21.0122&km=ten", "km", "kilometres"),
                ("/v1/geodesy/distance?from=52.2297,21.0122", "to", "required"),
                ("/v1/geodesy/distance?from=95.5,21.5&to=1.5,1.5", "from", "90"),
                ("/v1/coordinates/validate?latitude=1&longitude=2&flow=lost", "flow", "'missing' or 'found'"),
                ("/v1/location?timeout=-1", "timeout", "seconds"),
                ("/v1/location?accuracy=0", "accuracy", "metres"),
                ("/healthz?x=%01", "x", "Unknown query parameter"),
                ("/v1/coordinates/validate?pair=%E2%82", "pair", "percent-encoding"),
                ("/v1/coordinates/validate?pair=1,2&pair=3,4", "pair", "twice"),
            ] {
                let answer = try await server.request(path)
                #expect(answer.status == 400, "\(path)")
                let problem = try answer.object
                #expect(problem["parameter"] as? String == parameter, "\(path)")
                let detail = problem["detail"] as? String ?? ""
                #expect(detail.contains(words), "\(path): \(detail)")
                #expect(!detail.unicodeScalars.contains { $0.value < 0x20 }, "\(path): control characters in detail")
            }
        }
    }

    /// A posted scenario whose repeated keys are lists nested 40 deep (372 bytes) kept a core
    /// of the server busy for days per request (Yams names repeated keys by sorting them:
    /// 2^depth comparisons); now a 422 with the place, at once, and the server still answers.
    @Test func aPostedScenarioWithDeepListKeysIsRefusedAtOnce() async throws {
        let list = String(repeating: "[", count: 40) + "x" + String(repeating: "]", count: 40)
        let text = "? [\(list), a]\n: 1\n? [\(list), a]\n: 2\n? [\(list), b]\n: 3\n? [\(list), b]\n: 4\n"
        try await TestServer.with { server in
            let answer = try await server.request(
                "POST", "/v1/scenarios/posted/run", headers: [("Content-Type", "application/yaml")],
                body: Array(text.utf8), timeout: .seconds(20))
            #expect(answer.status == 422, "\(answer.body)")
            let detail = try answer.object["detail"] as? String ?? ""
            #expect(
                detail.contains("posted:1:3: a mapping key must be a plain value (a name such as title), not a list"),
                "\(detail)")
            #expect(try await server.request("/healthz").status == 200)
        }
    }

    @Test func unknownRoutesAndWrongMethodsAreProblems() async throws {
        try await TestServer.with { server in
            let missing = try await server.request("/v2/everything")
            #expect(missing.status == 404)
            #expect(missing.header("content-type") == "application/problem+json")
            let wrong = try await server.request("PUT", "/v1/geodesy/distance")
            #expect(wrong.status == 405)
            #expect(wrong.header("allow") == "GET")
            #expect((try wrong.object["detail"] as? String)?.contains("PUT is not allowed") == true)
            let post = try await server.request("GET", "/v1/scenarios/default/run")
            #expect(post.status == 405)
            #expect(post.header("allow") == "POST")
        }
    }

    @Test func corsOnlyForTheAllowedOrigins() async throws {
        let configuration = ServiceConfiguration(
            allowedOrigins: ["http://pages.test:3000"], logger: TestServer.quietLogger)
        try await TestServer.with(configuration) { server in
            let allowed = try await server.request("/healthz", headers: [("Origin", "http://pages.test:3000")])
            #expect(allowed.header("access-control-allow-origin") == "http://pages.test:3000")
            let failing = try await server.request("/v1/location", headers: [("Origin", "http://pages.test:3000")])
            #expect(failing.status == 503)
            #expect(failing.header("access-control-allow-origin") == "http://pages.test:3000")
            let other = try await server.request("/healthz", headers: [("Origin", "http://evil.test")])
            #expect(other.status == 200)
            #expect(other.header("access-control-allow-origin") == nil)
            let preflight = try await server.request(
                "OPTIONS", "/v1/scenarios/default/run",
                headers: [("Origin", "http://pages.test:3000"), ("Access-Control-Request-Method", "POST")])
            #expect(preflight.status == 204)
            #expect(preflight.header("access-control-allow-methods")?.contains("POST") == true)
            let otherPreflight = try await server.request(
                "OPTIONS", "/healthz",
                headers: [("Origin", "http://evil.test"), ("Access-Control-Request-Method", "GET")])
            #expect(otherPreflight.header("access-control-allow-origin") == nil)
            #expect(otherPreflight.status == 405)
        }
    }
}

/// Town names over HTTP (issue 46 item 3): accents folded both ways, the most populous first,
/// the nearest town with its distance, and what is refused.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct PlacesRouteTests {
    @Test func aNameWithOrWithoutAccentsFindsTheSameTownsAndANearbyPlaceItsTown() async throws {
        try await TestServer.with { server in
            let accented = try await server.request("/v1/places?q=Krak%C3%B3w")
            let plain = try await server.request("/v1/places?q=krakow")
            #expect(accented.status == 200 && accented.body == plain.body)
            let places = try #require(try plain.object["places"] as? [[String: Any]])
            #expect(places.first?["country"] as? String == "Poland")
            let populations = places.compactMap { $0["population"] as? Double }
            #expect(populations == populations.sorted(by: >))
            let nearest = try await server.request("/v1/places/nearest?near=52.0815,21.0240")
            let place = try #require(try nearest.object["place"] as? [String: Any])
            #expect(place["name"] as? String == "Piaseczno")
            #expect((try nearest.object["distanceMeters"] as? Double ?? .infinity) < 3_000)
            let long = try await server.request("/v1/places?q=" + String(repeating: "a", count: 101))
            #expect(long.status == 400)
            #expect(long.body.contains("longer than 100 characters"))
        }
    }
}
