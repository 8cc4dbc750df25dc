import Foundation
import ReportStore
import Testing

/// `postgres://` URLs read as libpq reads them: the URL, then the `PG*` variables, then libpq's
/// defaults; a password from the URL, `PGPASSWORD` or the password file.
struct PostgresAddressTests {
    static func address(_ text: String, _ environment: [String: String] = [:]) throws -> StoreURL.PostgresAddress {
        let base = ["HOME": "/nonexistent-home"].merging(environment) { _, new in new }
        guard case .postgres(let address) = try StoreURL(parsing: text, environment: base) else {
            throw StoreURLTestFailure()
        }
        return address
    }

    struct StoreURLTestFailure: Error {}

    @Test func theURLsPartsWinOverTheEnvironment() throws {
        let address = try Self.address(
            "postgres://ann:s%3Acret@db.example:6543/pets?sslmode=verify-full&sslrootcert=/etc/ca.pem",
            ["PGHOST": "other", "PGPORT": "1", "PGUSER": "bob", "PGDATABASE": "x", "PGPASSWORD": "env"])
        #expect(address.user == "ann")
        #expect(address.password == "s:cret")
        #expect(address.host == "db.example")
        #expect(address.port == 6543)
        #expect(address.database == "pets")
        #expect(address.sslMode == .verifyFull)
        #expect(address.sslRootCertificate == "/etc/ca.pem")
        #expect(address.unixSocketPath == nil)
        #expect(!address.description.contains("s:cret") && address.description.contains("sslmode=verify-full"))
    }

    @Test func whatTheURLLeavesOutComesFromTheEnvironment() throws {
        let address = try Self.address(
            "postgres://",
            [
                "PGHOST": "/run/pg", "PGPORT": "5433", "PGUSER": "carol", "PGDATABASE": "reports", "PGPASSWORD": "pw",
                "PGSSLMODE": "require", "PGCONNECT_TIMEOUT": "3",
            ])
        #expect(address.host == "/run/pg")
        #expect(address.unixSocketPath == "/run/pg/.s.PGSQL.5433")
        #expect(address.user == "carol" && address.database == "reports" && address.password == "pw")
        #expect(address.sslMode == .require)
        #expect(address.connectTimeout == .seconds(3))
    }

    @Test func libpqsDefaults() throws {
        let address = try Self.address("postgres:///pets", ["PGUSER": "dave"])
        #expect(address.host == "/var/run/postgresql")
        #expect(address.port == 5432)
        #expect(address.database == "pets")
        #expect(address.sslMode == .prefer)
        #expect(address.password == nil)
        let named = try Self.address("postgresql://eve@localhost")
        #expect(named.database == "eve", "the database defaults to the user's name")
    }

    @Test func aSocketDirectoryIsAHostParameterOrAnEncodedHost() throws {
        #expect(
            try Self.address("postgres://u@/db?host=/var/run/postgresql").unixSocketPath
                == "/var/run/postgresql/.s.PGSQL.5432")
        #expect(try Self.address("postgres://u@%2Ftmp%2Fpg:5999/db").unixSocketPath == "/tmp/pg/.s.PGSQL.5999")
    }

    @Test func thePasswordFileGivesTheFirstMatchingLineAndMustBePrivate() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("petspot-pgpass-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("pgpass").path
        let lines = [
            "# comment", "other.example:*:*:*:nope", "db.example:5432:pets:ann:first\\:one",
            "*:*:*:ann:fallback", "localhost:5432:*:sock:viasocket",
        ]
        FileManager.default.createFile(atPath: file, contents: Data(lines.joined(separator: "\n").utf8))
        chmod(file, 0o600)
        let environment = ["PGPASSFILE": file]
        #expect(try Self.address("postgres://ann@db.example/pets", environment).password == "first:one")
        #expect(try Self.address("postgres://ann@db.example/other", environment).password == "fallback")
        #expect(try Self.address("postgres://sock@/db?host=/run/pg", environment).password == "viasocket")
        #expect(try Self.address("postgres://zed@db.example/pets", environment).password == nil)
        chmod(file, 0o644)
        #expect {
            _ = try Self.address("postgres://ann@db.example/pets", environment)
        } throws: { error in
            (error as? ReportStoreError)?.description.contains("chmod 600") == true
        }
    }

    @Test(arguments: [
        ("postgres://u@h/db?sslmode=maybe", "has sslmode 'maybe'"),
        ("postgres://u@h/db?colour=red", "has the parameter 'colour'"),
        ("postgres://u@h:0/db", "port that is not a number"),
        ("postgres://u@h/db#frag", "has a fragment"),
        ("postgres://u@h/db?connect_timeout=never", "connect_timeout"),
    ])
    func malformedURLsSayWhatIsWrong(text: String, reason: String) {
        #expect {
            _ = try Self.address(text)
        } throws: { error in
            (error as? ReportStoreError)?.description.contains(reason) == true
        }
    }
}
