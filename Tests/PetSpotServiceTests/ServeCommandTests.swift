import Foundation
import LocationTestSupport
import Locking
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The real `petspot serve` binary: the listening line, and a clean stop on SIGTERM while a
/// client streams.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct ServeCommandTests {
    /// A running `petspot serve`, with its standard error collected.
    final class Server: Sendable {
        let process: Process
        private let stderr = Locked("")

        /// `petspot serve --port 0 arguments…`, with a store file in a temporary folder unless
        /// `arguments` name one (a test never writes the real data directory); with `ulimit`,
        /// started by a shell that first sets its limit on open files (`-Sn 64`: the soft limit;
        /// `-n 256`: soft and hard); with `user`, run as that user (`runuser -u USER --`, as root).
        init(
            _ arguments: [String], ulimit: String? = nil, environment: [String: String] = [:], user: String? = nil
        ) throws {
            // Foundation's Process, not ProcessRun: the server runs while the test talks to it
            // and ends on the signal the test sends.
            process = Process()
            process.executableURL = PetSpotBinary.url
            let store =
                arguments.contains("--store") || environment["PETSPOT_STORE"] != nil
                ? []
                : [
                    "--store",
                    "sqlite:" + FileManager.default.temporaryDirectory.path + "/petspot-serve-\(UUID()).sqlite",
                ]
            // The environment's port when it names one, so that the variable is what is tried.
            let port = environment["PETSPOT_PORT"] != nil ? [] : ["--port", "0"]
            process.arguments = ["serve"] + port + store + arguments
            if let ulimit {
                process.executableURL = URL(fileURLWithPath: "/bin/sh")
                process.arguments =
                    ["-c", "ulimit \(ulimit) && exec \"$0\" \"$@\"", PetSpotBinary.url.path]
                    + ["serve"] + port + store + arguments
            }
            if let user {
                process.arguments = ["-u", user, "--", PetSpotBinary.url.path] + (process.arguments ?? [])
                process.executableURL = URL(fileURLWithPath: "/usr/sbin/runuser")
            }
            if !environment.isEmpty {
                process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
            }
            let pipe = Pipe()
            process.standardError = pipe
            process.standardOutput = FileHandle.nullDevice
            let handle = pipe.fileHandleForReading
            let stderr = self.stderr
            handle.readabilityHandler = { handle in
                let data = handle.availableData
                if data.isEmpty {
                    handle.readabilityHandler = nil
                } else {
                    stderr.withLock { $0 += String(decoding: data, as: UTF8.self) }
                }
            }
            try process.run()
        }

        var output: String { stderr.withLock { $0 } }

        /// The port from `petspot: listening on http://127.0.0.1:PORT`, waiting at most 60 s.
        func port() async -> Int? {
            _ = await eventually(hangGuard) { self.listeningPort != nil }
            return listeningPort
        }

        /// The port of a complete listening line (one that ends with a newline) so far.
        var listeningPort: Int? {
            let prefix = "listening on http://127.0.0.1:"
            return announcements.first { $0.hasPrefix(prefix) }.flatMap { Int($0.dropFirst(prefix.count)) }
        }

        /// What the server announced so far, without `petspot: `: its complete text lines that
        /// start so, and the `message` of its JSON lines (`--log-format json`).
        var announcements: [String] {
            output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().compactMap { line in
                if line.hasPrefix("petspot: ") { return String(line.dropFirst("petspot: ".count)) }
                guard line.hasPrefix("{"),
                    let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
                else { return nil }
                return object["message"] as? String
            }
        }

        /// The port from `petspot: metrics on http://127.0.0.1:PORT/metrics`, waiting at most 60 s.
        func metricsPort() async -> Int? {
            let prefix = "metrics on http://127.0.0.1:"
            let port: @Sendable () -> Int? = {
                self.announcements.first { $0.hasPrefix(prefix) && $0.hasSuffix("/metrics") }
                    .flatMap { Int($0.dropFirst(prefix.count).dropLast("/metrics".count)) }
            }
            _ = await eventually(hangGuard) { port() != nil }
            return port()
        }

        func stop() {
            if process.isRunning { process.terminate() }
        }
    }

    @Test func printsOneListeningLineAndAnswers() async throws {
        let server = try Server(["--log-level", "warning"])
        defer { server.stop() }
        let port = try #require(await server.port(), "\(server.output)")
        let answer = try await TestServer(port: port).request("/healthz")
        #expect(answer.status == 200)
        #expect(server.output.components(separatedBy: "listening on").count == 2)
    }

    @Test func sigtermWithAStreamingClientExitsZeroWithinTwoSeconds() async throws {
        let server = try Server(["--scenario", "walking-warsaw", "--log-level", "info"])
        defer { server.stop() }
        let port = try #require(await server.port(), "\(server.output)")
        let client = EventStreamClient(url: TestServer(port: port).url("/v1/location/updates"))
        defer { client.close() }
        #expect(await client.wait(hangGuard) { !$0.events.isEmpty }, "\(server.output)")
        let start = ContinuousClock.now
        kill(server.process.processIdentifier, SIGTERM)
        let exited = await eventually(hangGuard) { !server.process.isRunning }
        let elapsed = start.duration(to: .now)
        #expect(exited)
        #expect(elapsed < .seconds(2), "took \(elapsed)")
        #expect(server.process.terminationReason == .exit)
        #expect(server.process.terminationStatus == 0)
        #expect(await client.wait(hangGuard) { $0.ended })
        // Requests are logged with method, path, status and duration.
        #expect(server.output.contains("path=/v1/location/updates"))
    }

    @Test func raisesALowOpenFileLimitToServeMoreClients() async throws {
        let server = try Server(["--scenario", "walking-warsaw", "--log-level", "warning"], ulimit: "-Sn 64")
        defer { server.stop() }
        let port = try #require(await server.port(), "\(server.output)")
        let limits = try String(contentsOfFile: "/proc/\(server.process.processIdentifier)/limits", encoding: .utf8)
        // "Max open files            SOFT                 HARD                 files"
        let fields = try #require(limits.split(separator: "\n").first { $0.hasPrefix("Max open files") })
            .split(separator: " ")
        #expect(fields.count == 6 && fields[3] == fields[4], "\(fields)")
        // More event-stream clients than the limit it was started with.
        let clients = (0..<100).map { _ in EventStreamClient(url: TestServer(port: port).url("/v1/location/updates")) }
        defer { for client in clients { client.close() } }
        #expect(await eventually(hangGuard) { clients.allSatisfy { !$0.events.isEmpty } }, "\(server.output)")
        #expect(clients.allSatisfy { $0.status == 200 })
    }

    /// A report acknowledged with 201 is still there after the server is killed (`kill -9`)
    /// and started again on the same store.
    @Test func anAcknowledgedReportSurvivesKill9() async throws {
        let folder = try TemporaryStoreFolder()
        let server = try Server(["--store", "sqlite:" + folder.path, "--log-level", "warning"])
        let port = try #require(await server.port(), "\(server.output)")
        let client = TestServer(port: port)
        let created = try await client.request(
            "POST", "/v1/reports/found", headers: [("Content-Type", "application/json")],
            body: Array(ExampleRequests.foundBody.utf8))
        #expect(created.status == 201, "\(created.body)")
        let location = try #require(created.header("location"))
        kill(server.process.processIdentifier, SIGKILL)
        server.process.waitUntilExit()
        let again = try Server(["--store", "sqlite:" + folder.path, "--log-level", "warning"])
        defer { again.stop() }
        let newPort = try #require(await again.port(), "\(again.output)")
        // The owner's read: the answer to POST, less the owner token it alone gives.
        let token = try #require(try created.object["ownerToken"] as? String)
        let read = try await TestServer(port: newPort).request(
            location, headers: [("Authorization", "Bearer \(token)")])
        #expect(read.status == 200)
        #expect(read.body == created.body.replacingOccurrences(of: #","ownerToken":"\#(token)""#, with: ""))
    }

    @Test func aStoreThatCannotBeOpenedStopsTheServerWithItsReason() throws {
        for (store, reason) in [
            ("mysql://x", "is neither sqlite: nor postgres://"), ("sqlite:/proc/nope/r.sqlite", "cannot be created"),
        ] {
            let process = Process()
            process.executableURL = PetSpotBinary.url
            process.arguments = ["serve", "--port", "0", "--store", store]
            let pipe = Pipe()
            process.standardError = pipe
            try process.run()
            let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 1, "\(store): \(output)")
            #expect(output.contains(reason), "\(store): \(output)")
        }
    }

    @Test func usageErrorsExit64() async throws {
        for arguments in [
            ["--gpsd", "localhost", "--scenario", "default"], ["--port", "70000"], ["--log-level", "loud"],
        ] {
            let run = try await ProcessRun.run(PetSpotBinary.url, ["serve"] + arguments, timeout: .seconds(30))
            #expect(run.status == 64, "\(arguments)")
        }
    }
}
