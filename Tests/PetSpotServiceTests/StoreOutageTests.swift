import Foundation
import LocationTestSupport
import Locking
import ReportStore
import ReportStoreTestSupport
import Testing

/// `petspot serve` on a PostgreSQL that stops and comes back: `/readyz` says so with the reason,
/// store calls fail at once with 503 and `Retry-After` instead of each waiting for the store's
/// 15 s timeout, and everything recovers by itself. The operator's log says the store went away
/// and came back, once each; the public's 503 says only that the store is unavailable (never
/// the database's user, host, port or driver text). The times are printed; the bounds asserted
/// are far above them (a loaded machine), and far below the old 15 s wait.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct StoreOutageTests {
    @Test(.enabled(if: PostgresServer.shouldRun))
    func readinessAndCallsFollowAnOutageAndRecoverByThemselves() async throws {
        let database = try await PostgresServer.start()
        do {
            let address = try await database.createDatabase()
            let server = try ServeCommandTests.Server([
                "--store", "postgres://\(address.user)@\(address.host):\(address.port)/\(address.database)",
                "--log-level", "warning", "--rate-limit", "0",
            ])
            defer { server.stop() }
            let port = try #require(await server.port(), "\(server.output)")
            let client = TestServer(port: port)
            let created = try await client.request(
                "POST", "/v1/reports/found", headers: ExampleRequests.json, body: Array(ExampleRequests.foundBody.utf8))
            let location = try #require(created.header("location"))
            #expect(try await client.request("/readyz").status == 200)

            try await database.pause()
            let stopped = ContinuousClock.now
            #expect(await eventually(hangGuard) { (try? await client.request("/readyz").status) == 503 })
            let detected = stopped.duration(to: .now)
            let readiness = try await client.request("/readyz")
            #expect(try (readiness.object["store"] as? [String: Any])?["reachable"] as? Bool == false)
            #expect(readiness.header("retry-after") == "1")
            let unavailable = "The reports store is unavailable; try again in a moment."
            #expect(try readiness.object["detail"] as? String == unavailable, "\(readiness.body)")
            for secret in [address.user, "127.0.0.1", String(address.port), address.database, "postgres"] {
                #expect(!readiness.body.contains(secret), "/readyz tells the public \(secret): \(readiness.body)")
            }
            // Forty calls at once during the outage: each answered 503 at once.
            let times = Locked([Duration]())
            let statuses = Locked([Int]())
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<40 {
                    group.addTask {
                        let start = ContinuousClock.now
                        let answer = try await client.request(location)
                        times.withLock { $0.append(start.duration(to: .now)) }
                        statuses.withLock { $0.append(answer.status) }
                        #expect(answer.header("retry-after") == "1")
                        #expect(try answer.object["detail"] as? String == unavailable, "\(answer.body)")
                        #expect(!answer.body.contains(String(address.port)), "\(answer.body)")
                    }
                }
                try await group.waitForAll()
            }
            #expect(statuses.withLock { $0 }.allSatisfy { $0 == 503 }, "\(statuses.withLock { $0 })")
            let slowest = try #require(times.withLock { $0.max() })

            try await database.resume()
            let resumed = ContinuousClock.now
            #expect(await eventually(hangGuard) { (try? await client.request("/readyz").status) == 200 })
            let recovered = resumed.duration(to: .now)
            #expect(await eventually(hangGuard) { (try? await client.request(location).status) == 200 })
            // The log: once when it went, once when it came back, at warning, with the reason.
            let output = server.output
            #expect(output.components(separatedBy: "reports store unreachable").count == 2, "\(output)")
            #expect(output.components(separatedBy: "reports store reachable again").count == 2, "\(output)")
            #expect(output.contains("warning petspot.serve"), "\(output)")
            print(
                "store outage: /readyz 503 after \(detected), 200 after \(recovered) back; slowest of 40 calls \(slowest)"
            )
            #expect(detected < .seconds(10), "readiness saw the outage after \(detected)")
            #expect(slowest < .seconds(5), "a call during the outage took \(slowest) (the store's timeout is 15 s)")
            #expect(recovered < .seconds(15), "readiness saw the store back after \(recovered)")
        } catch {
            Issue.record("\(error)")
        }
        await database.stop()
    }
}
