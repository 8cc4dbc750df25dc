import Foundation
import Glibc
import Subprocess
import SystemPackage

extension PostgresServer {
    /// `pg_hba.conf`: Unix-socket logins trusted; ``passwordRole`` by password over TCP; every
    /// other TCP login trusted, and with `tls` only when encrypted.
    func writeAccessRules(tls: Bool) throws {
        let rules = [
            "local all all trust",
            "host all \(Self.passwordRole) 127.0.0.1/32 scram-sha-256",
            tls ? "hostssl all all 127.0.0.1/32 trust" : "host all all 127.0.0.1/32 trust",
            tls ? "hostnossl all all 127.0.0.1/32 reject" : "",
        ]
        let path = directory.appendingPathComponent("data/pg_hba.conf").path
        guard FileManager.default.createFile(atPath: path, contents: Data(rules.joined(separator: "\n").utf8)) else {
            throw Failure(description: "cannot write \(path)")
        }
        try handToPostgres(path, mode: 0o600)
    }

    /// A CA (`ca.crt`) and a server certificate for `localhost` it signed (`server.crt`,
    /// `server.key`), made with `openssl`.
    func makeCertificates() async throws {
        let folder = directory.path
        try "subjectAltName=DNS:localhost\n".write(
            toFile: folder + "/server.ext", atomically: true, encoding: .utf8)
        for arguments in [
            [
                "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "ca.key", "-out", "ca.crt", "-days", "2",
                "-subj", "/CN=PetSpot test CA",
            ],
            [
                "req", "-newkey", "rsa:2048", "-nodes", "-keyout", "server.key", "-out", "server.csr", "-subj",
                "/CN=localhost",
            ],
            [
                "x509", "-req", "-in", "server.csr", "-CA", "ca.crt", "-CAkey", "ca.key", "-CAcreateserial", "-out",
                "server.crt", "-days", "2", "-extfile", "server.ext",
            ],
        ] {
            let result = try await run(
                .path("/usr/bin/openssl"), arguments: Arguments(arguments), workingDirectory: .init(folder),
                output: .string(limit: 1 << 20), error: .string(limit: 1 << 20))
            guard result.terminationStatus.isSuccess else {
                throw Failure(description: "openssl \(arguments.joined(separator: " ")): \(result.standardError)")
            }
        }
        for file in ["server.crt", "server.key", "ca.crt"] { try handToPostgres(folder + "/" + file, mode: 0o600) }
        chmod(folder + "/ca.crt", 0o644)
    }

    /// Creates ``passwordRole`` with `password` and a database it owns; its address.
    public func createPasswordRole(password: String) async throws -> String {
        let escaped = password.replacingOccurrences(of: "'", with: "''")
        try await psql("CREATE ROLE \(Self.passwordRole) LOGIN PASSWORD '\(escaped)'", database: "postgres")
        let database = "petspot_pw_\(UUID().uuidString.prefix(8).lowercased())"
        try await program(
            "createdb", ["-h", "127.0.0.1", "-p", String(port), "-U", "postgres", "-O", Self.passwordRole, database])
        try await psql("CREATE EXTENSION IF NOT EXISTS postgis", database: database)
        return database
    }

    /// Gives `path` to the `postgres` user (when root) with `mode`.
    private func handToPostgres(_ path: String, mode: mode_t) throws {
        if Self.isRoot, let user = getpwnam("postgres") {
            chown(path, user.pointee.pw_uid, user.pointee.pw_gid)
        }
        chmod(path, mode)
    }
}
