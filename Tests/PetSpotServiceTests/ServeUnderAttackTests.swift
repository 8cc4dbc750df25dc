import Foundation
import LocationTestSupport
import Locking
import Testing

/// The real `petspot serve` binary against the probes that took it down, measured from
/// `/proc`: a descriptor table filled with idle connections (the probe's `ulimit -n 256`, 300
/// idle connections and 3 busy clients: SIGILL from libdispatch within 1–2 s, 9 of 9 times,
/// and a core spinning on `accept4` → `EMFILE`), and uploads held one byte short (24 of them
/// added 395 MB).
@Suite(.serialized, .timeLimit(.minutes(5)))
struct ServeUnderAttackTests {
    typealias Server = ServeCommandTests.Server

    @Test func idleConnectionsPastTheDescriptorLimitNeitherCrashNorSpinTheServer() async throws {
        let server = try Server(["--log-level", "error", "--idle-timeout", "5"], ulimit: "-n 256")
        defer { server.stop() }
        let port = try #require(await server.port(), "\(server.output)")
        let pid = server.process.processIdentifier
        let idle = try (0..<300).map { _ in try RawConnection(port: port) }
        defer { _ = idle }
        let answered = Locked(0)
        let busy = Task {
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<3 {
                    group.addTask {
                        while !Task.isCancelled {
                            if (try? await TestServer(port: port).request("GET", "/healthz", timeout: .seconds(30)))?
                                .status == 200
                            {
                                answered.withLock { $0 += 1 }
                            }
                        }
                    }
                }
            }
        }
        defer { busy.cancel() }
        // At the connection limit, with more waiting: two seconds of the server's CPU time and
        // its descriptors, sampled every 50 ms.
        let before = try ProcessStatus.cpuSeconds(pid)
        var mostDescriptors = 0
        for _ in 0..<40 {
            mostDescriptors = max(mostDescriptors, try ProcessStatus.openDescriptors(pid))
            try await Task.sleep(for: .milliseconds(50))
        }
        let cpu = try ProcessStatus.cpuSeconds(pid) - before
        #expect(server.process.isRunning, "the server died: \(server.output)")
        #expect(mostDescriptors < 256, "the descriptor table filled: \(mostDescriptors)")
        #expect(cpu < 1.0, "the server used \(cpu) s of CPU in 2 s while waiting")
        // Once the idle connections time out, the waiting clients are answered.
        #expect(await eventually(hangGuard) { answered.withLock { $0 } >= 3 }, "\(server.output)")
        #expect(server.process.isRunning, "the server died: \(server.output)")
    }

    @Test func uploadsHeldOpenStayWithinTheBodyBudget() async throws {
        let server = try Server(["--log-level", "error", "--body-memory", "32", "--rate-limit", "0"])
        defer { server.stop() }
        let port = try #require(await server.port(), "\(server.output)")
        let pid = server.process.processIdentifier
        // Warm up: one photo through the route before the baseline.
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 0, count: 1_000)
        _ = try await TestServer(port: port).request(
            "POST", "/v1/report-photos/found", headers: [("Content-Type", "application/octet-stream")], body: png)
        let baseline = try ProcessStatus.kibibytes("VmRSS", pid)
        let size = 10_000_000  // the largest photo (ServiceLimits.maximumPhotoBytes)
        let body = png + [UInt8](repeating: 0, count: size - png.count - 1)
        let connections = try (0..<40).map { _ in try RawConnection(port: port) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for connection in connections {
                group.addTask {
                    try await connection.send(
                        "POST /v1/report-photos/found HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                            + "Content-Type: application/octet-stream\r\nContent-Length: \(size)\r\n\r\n")
                    // One byte short: the server waits for the last one.
                    try await connection.send(body, within: 60)
                }
            }
            try await group.waitForAll()
        }
        for connection in connections { connection.readAvailable() }
        let refused = connections.filter { $0.status == 503 }.count
        let peak = try ProcessStatus.kibibytes("VmHWM", pid)
        let held = try ProcessStatus.kibibytes("VmRSS", pid)
        // 32 MiB of bodies at once, twice over for the copy a finished body makes, and slack.
        let bound = (2 * 32 + 40) * 1024
        #expect(held - baseline < bound, "held \(held - baseline) KiB more")
        #expect(peak - baseline < bound, "peak \(peak - baseline) KiB more")
        #expect(refused >= 30, "only \(refused) of 40 uploads were refused")
        #expect(connections.allSatisfy { $0.status == nil || $0.status == 503 })
        #expect(server.process.isRunning)
    }
}

/// A process's resources, from `/proc/PID`.
enum ProcessStatus {
    /// A `/proc/PID/status` value in KiB (`VmRSS`, `VmHWM`).
    static func kibibytes(_ field: String, _ pid: Int32) throws -> Int {
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix(field + ":") })
        return try #require(line.split(separator: " ").compactMap { Int($0) }.first)
    }

    /// User and system CPU time, in seconds (`/proc/PID/stat` fields 14 and 15).
    static func cpuSeconds(_ pid: Int32) throws -> Double {
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        // After the command name in parentheses: state is field 3, utime 14, stime 15.
        let fields = try #require(stat.split(separator: ")").last).split(separator: " ")
        let ticks = (Double(fields[11]) ?? 0) + (Double(fields[12]) ?? 0)
        return ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// The process's open descriptors.
    static func openDescriptors(_ pid: Int32) throws -> Int {
        try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").count
    }
}
