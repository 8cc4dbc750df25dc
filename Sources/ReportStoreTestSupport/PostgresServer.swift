public import Foundation
import Glibc
public import ReportStore
import Subprocess
import SystemPackage

/// A real PostgreSQL 15 with PostGIS for tests and benchmarks: a fresh cluster (`initdb`) in a
/// temporary folder, started with `pg_ctl` on a free loopback port, stopped and removed by
/// ``stop()`` — as the gpsd tests start gpsd. PostgreSQL refuses to run as root, so as root the
/// programs run as the `postgres` system user (`runuser -u postgres --`) and the folder is
/// handed to it.
///
/// Tests use `.enabled(if: PostgresServer.shouldRun)`: they run when PostgreSQL is installed,
/// and always with `CI=true`, where a missing PostgreSQL fails them instead of skipping.
///
/// ```swift
/// let server = try await PostgresServer.start()
/// defer { Task { await server.stop() } }    // or `await server.stop()` at the end
/// let count = try await PostgresReportStore.withStore(try await server.createDatabase()) { try await $0.count() }
/// ```
public final class PostgresServer: Sendable {
    /// PostgreSQL 15's programs (Debian's `postgresql-15`; not on `PATH`).
    public static let binaries = "/usr/lib/postgresql/15/bin"

    /// Whether `CI=true` is set.
    public static var isCI: Bool { ProcessInfo.processInfo.environment["CI"] == "true" }

    /// Whether PostgreSQL and PostGIS are installed.
    public static var isInstalled: Bool {
        FileManager.default.isExecutableFile(atPath: binaries + "/pg_ctl")
            && FileManager.default.fileExists(atPath: "/usr/share/postgresql/15/extension/postgis.control")
    }

    /// `true` with `CI=true`, or when PostgreSQL with PostGIS is installed.
    public static var shouldRun: Bool { isCI || isInstalled }

    /// The port it listens on (127.0.0.1).
    public let port: Int
    /// The temporary folder with the cluster, its socket and its log.
    public let directory: URL

    private init(port: Int, directory: URL) {
        self.port = port
        self.directory = directory
    }

    /// Why the server could not be started.
    public struct Failure: Error, CustomStringConvertible {
        /// What went wrong, with the programs' output.
        public var description: String
    }

    /// Whether this process runs as root (then the programs run as `postgres`).
    static var isRoot: Bool { getuid() == 0 }

    /// The folder of its Unix socket (`?host=` of a store URL).
    public var socketDirectory: String { directory.path }

    /// The CA certificate that signed the server's, when it was started with TLS.
    public var caCertificate: String { directory.appendingPathComponent("ca.crt").path }

    /// The role that logs in with a password (``createPasswordRole(password:)``).
    public static let passwordRole = "petspot_login"

    /// Creates a cluster in a temporary folder and starts it on a free port; with `tls`, with a
    /// server certificate for `localhost` signed by a CA of its own (``caCertificate``) and
    /// TCP connections refused unless encrypted. At most ``PostgresStartSlots/count`` servers
    /// start at once on the machine, whatever test process starts them; a port another program
    /// took before the server could bind it is replaced by another (twice at most).
    ///
    /// - Throws: ``Failure`` naming the missing package or the program that failed, with its output.
    public static func start(tls: Bool = false) async throws -> PostgresServer {
        // The port was free when asked, but another program may bind it before the server does
        // (a parallel run starts many servers and connections): then another port.
        var attempt = 1
        while true {
            do {
                return try await PostgresStartSlots.withSlot { try await startOnce(tls: tls) }
            } catch let failure as Failure where attempt < 3 && failure.description.contains("Address already in use") {
                attempt += 1
            }
        }
    }

    private static func startOnce(tls: Bool) async throws -> PostgresServer {
        guard isInstalled else {
            throw Failure(
                description: "PostgreSQL 15 with PostGIS is not installed (apt-get install postgresql-15 "
                    + "postgresql-15-postgis-3, or bash scripts/install-deps --tests)")
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "petspot-pg-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        if isRoot {
            guard let user = getpwnam("postgres") else {
                throw Failure(description: "there is no postgres user to run PostgreSQL as (root cannot)")
            }
            chown(directory.path, user.pointee.pw_uid, user.pointee.pw_gid)
        }
        chmod(directory.path, 0o700)
        let server = PostgresServer(port: try freePort(), directory: directory)
        do {
            try await server.program(
                "initdb", ["-D", server.data, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"])
            try server.writeAccessRules(tls: tls)
            var options =
                "-p \(server.port) -k \(directory.path) -c listen_addresses=127.0.0.1 -c fsync=off "
                + "-c synchronous_commit=off -c full_page_writes=off"
            if tls {
                try await server.makeCertificates()
                options +=
                    " -c ssl=on -c ssl_cert_file=\(directory.path)/server.crt -c ssl_key_file=\(directory.path)/server.key"
            }
            try options.write(toFile: server.optionsFile, atomically: true, encoding: .utf8)
            try await server.program(
                "pg_ctl", ["-D", server.data, "-o", options, "-l", server.log, "-w", "-t", "60", "start"])
        } catch {
            await server.stop()
            throw error
        }
        return server
    }

    /// Stops the server (`pg_ctl stop -m fast`: connections are closed) and keeps its folder, so
    /// that ``resume()`` starts it again on the same port: an outage.
    public func pause() async throws {
        try await program("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"])
    }

    /// Starts a ``pause()``d server again, with the options it first had.
    public func resume() async throws {
        let options = try String(contentsOfFile: optionsFile, encoding: .utf8)
        try await program("pg_ctl", ["-D", data, "-o", options, "-l", log, "-w", "-t", "60", "start"])
    }

    private var optionsFile: String { directory.appendingPathComponent("start-options").path }
    private var data: String { directory.appendingPathComponent("data").path }
    private var log: String { directory.appendingPathComponent("postgres.log").path }

    /// A new database (named `petspot_N` unless given), and its address.
    public func createDatabase(_ name: String? = nil) async throws -> StoreURL.PostgresAddress {
        let database = name ?? "petspot_\(UUID().uuidString.prefix(8).lowercased())"
        try await program("createdb", ["-h", "127.0.0.1", "-p", String(port), "-U", "postgres", database])
        return StoreURL.PostgresAddress(user: "postgres", host: "127.0.0.1", port: port, database: database)
    }

    /// Runs SQL with `psql` (as the superuser) and returns what it printed.
    @discardableResult
    public func psql(_ sql: String, database: String) async throws -> String {
        try await program(
            "psql",
            [
                "-h", "127.0.0.1", "-p", String(port), "-U", "postgres", "-d", database, "-X", "-A", "-t", "-v",
                "ON_ERROR_STOP=1", "-c", sql,
            ])
    }

    /// Copies database `source` into a new database `target` the way Docs/Store.md tells an
    /// operator to: `pg_dump -Fc`, `createdb`, then `pg_restore --exit-on-error` as the superuser.
    public func dump(_ source: String, restoreInto target: String) async throws -> StoreURL.PostgresAddress {
        let file = directory.appendingPathComponent("\(source).dump").path
        let connection = ["-h", "127.0.0.1", "-p", String(port), "-U", "postgres"]
        try await program("pg_dump", connection + ["-Fc", "-f", file, source])
        let address = try await createDatabase(target)
        try await program("pg_restore", connection + ["-d", target, "--exit-on-error", file])
        return address
    }

    /// Stops the server at once (`pg_ctl stop -m immediate`) and removes its folder.
    public func stop() async {
        _ = try? await program("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"])
        try? FileManager.default.removeItem(at: directory)
    }

    /// Stops the server but keeps its folder (a test of a server that went away).
    public func kill() async {
        _ = try? await program("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"])
    }

    /// The log's text, for failure messages.
    public var logText: String { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }

    /// Runs PostgreSQL's program `name` (as `postgres` when root) and returns its output.
    @discardableResult
    func program(_ name: String, _ arguments: [String]) async throws -> String {
        let path = "\(Self.binaries)/\(name)"
        let executable: Executable = Self.isRoot ? .path("/usr/sbin/runuser") : .path(.init(path))
        let fullArguments = Self.isRoot ? ["-u", "postgres", "--", path] + arguments : arguments
        let result = try await run(
            executable, arguments: Arguments(fullArguments), workingDirectory: .init(directory.path),
            output: .string(limit: 1 << 20), error: .string(limit: 1 << 20))
        guard result.terminationStatus.isSuccess else {
            throw Failure(
                description: "\(name) \(arguments.joined(separator: " ")) failed (\(result.terminationStatus)): "
                    + result.standardError + result.standardOutput + "\n" + logText.suffix(2000))
        }
        return result.standardOutput
    }

    /// A free loopback port nothing listens on (for a test of a server that is not there).
    public static func freePortForTests() throws -> Int { try freePort() }

    /// A TCP port on 127.0.0.1 that is free now (bind to port 0 and read it back); never 5432.
    static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0 else { throw Failure(description: "bind: \(String(cString: strerror(errno)))") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
