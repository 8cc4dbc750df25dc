import Foundation
import PostgresReportStore
import ReportStore
import ReportStoreTestSupport
import Testing

/// PostgreSQL as operators run it, against real servers the tests start: TLS with a server
/// certificate the test makes (`openssl`), each `sslmode` doing what libpq's does; the Unix
/// socket; passwords from `PGPASSWORD` and the password file; the `PG*` variables.
@Suite(.serialized, .timeLimit(.minutes(5)), .enabled(if: PostgresServer.shouldRun))
struct PostgresConnectionTests {
    static func count(_ url: String, _ environment: [String: String] = [:]) async throws -> Int {
        guard
            case .postgres(let address) = try StoreURL(
                parsing: url, environment: ["HOME": "/nonexistent"].merging(environment) { _, new in new })
        else {
            throw NotPostgres()
        }
        return try await PostgresReportStore.withStore(address, timeout: .seconds(60)) { store in
            try await store.count()
        }
    }

    struct NotPostgres: Error {}

    static func refusal(_ url: String, _ environment: [String: String] = [:]) async -> String {
        do {
            _ = try await count(url, environment)
            return "connected"
        } catch {
            return "\(error)"
        }
    }

    @Test func everySSLModeDoesWhatLibpqsDoes() async throws {
        let server = try await PostgresServer.start(tls: true)
        let database = try await server.createDatabase().database
        let port = server.port
        let ca = server.caCertificate
        // Encrypted, certificate not checked.
        #expect(try await Self.count("postgres://postgres@127.0.0.1:\(port)/\(database)?sslmode=require") == 0)
        // Encrypted, the certificate chains to the CA and names the host.
        #expect(
            try await Self.count(
                "postgres://postgres@localhost:\(port)/\(database)?sslmode=verify-full&sslrootcert=\(ca)") == 0)
        // The certificate names localhost, not 127.0.0.1: verify-ca passes, verify-full does not.
        #expect(
            try await Self.count(
                "postgres://postgres@127.0.0.1:\(port)/\(database)?sslmode=verify-ca&sslrootcert=\(ca)") == 0)
        let wrongName = await Self.refusal(
            "postgres://postgres@127.0.0.1:\(port)/\(database)?sslmode=verify-full&sslrootcert=\(ca)")
        #expect(wrongName.contains("TLS handshake") && wrongName.contains("name 127.0.0.1"), "\(wrongName)")
        // Another CA: not trusted.
        let other = try await PostgresServer.start(tls: true)
        let wrongCA = await Self.refusal(
            "postgres://postgres@localhost:\(port)/\(database)?sslmode=verify-full&sslrootcert=\(other.caCertificate)")
        #expect(wrongCA.contains("TLS handshake"), "\(wrongCA)")
        await other.stop()
        // No CA at all for verify-full: said before connecting.
        let noCA = await Self.refusal("postgres://postgres@localhost:\(port)/\(database)?sslmode=verify-full")
        #expect(noCA.contains("sslrootcert"), "\(noCA)")
        // Plain text: this server refuses it, and says so.
        let plain = await Self.refusal("postgres://postgres@127.0.0.1:\(port)/\(database)?sslmode=disable")
        #expect(plain.contains("refused the login") || plain.contains("no encryption"), "\(plain)")
        // PGSSLMODE and PGSSLROOTCERT from the environment.
        #expect(
            try await Self.count(
                "postgres://postgres@localhost:\(port)/\(database)",
                ["PGSSLMODE": "verify-full", "PGSSLROOTCERT": ca]) == 0)
        await server.stop()
    }

    @Test func theUnixSocketPasswordsAndThePGVariables() async throws {
        let server = try await PostgresServer.start()
        let database = try await server.createDatabase().database
        let port = server.port
        // The Unix socket, named by ?host= or PGHOST.
        #expect(
            try await Self.count("postgres://postgres@/\(database)?host=\(server.socketDirectory)&port=\(port)") == 0)
        #expect(
            try await Self.count(
                "postgres://",
                [
                    "PGHOST": server.socketDirectory, "PGPORT": "\(port)", "PGUSER": "postgres",
                    "PGDATABASE": database,
                ]) == 0)
        // A role with a password: PGPASSWORD, the password file, a wrong password.
        let owned = try await server.createPasswordRole(password: "s3cret:pw")
        let url = "postgres://\(PostgresServer.passwordRole)@127.0.0.1:\(port)/\(owned)"
        #expect(try await Self.count(url, ["PGPASSWORD": "s3cret:pw"]) == 0)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("petspot-pgpass-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let passfile = folder.appendingPathComponent("pgpass").path
        FileManager.default.createFile(
            atPath: passfile, contents: Data("127.0.0.1:\(port):*:\(PostgresServer.passwordRole):s3cret\\:pw\n".utf8))
        chmod(passfile, 0o600)
        #expect(try await Self.count(url, ["PGPASSFILE": passfile]) == 0)
        let wrong = await Self.refusal(url, ["PGPASSWORD": "nope"])
        #expect(wrong.contains("refused the login of \(PostgresServer.passwordRole)"), "\(wrong)")
        await server.stop()
    }
}
