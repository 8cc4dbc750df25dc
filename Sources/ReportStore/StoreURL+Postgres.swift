import Foundation

#if canImport(Glibc)
    import Glibc
#endif

extension StoreURL {
    /// The query parameters a `postgres://` URL may have, as libpq names them.
    static let postgresParameters = ["host", "port", "user", "dbname", "sslmode", "sslrootcert", "connect_timeout"]

    /// Reads the part of a `postgres://` URL after the scheme, filling what it leaves out from
    /// `environment` (libpq's `PG*` variables) and libpq's defaults.
    static func postgres(_ text: String, rest: String, environment: [String: String]) throws(ReportStoreError)
        -> PostgresAddress
    {
        if rest.contains("#") { throw .invalidURL(text, "has a fragment (#…); a store URL takes none") }
        let parts = rest.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let query = try parameters(text, parts.count > 1 ? parts[1] : "")
        var authority = Substring(parts[0])
        var database: String?
        if let slash = authority.firstIndex(of: "/") {
            let name = String(authority[authority.index(after: slash)...])
            guard let decoded = name.removingPercentEncoding else {
                throw .invalidURL(text, "has a database name with broken percent-encoding")
            }
            if !decoded.isEmpty { database = decoded }
            authority = authority[..<slash]
        }
        var user: String?
        var password: String?
        if let at = authority.lastIndex(of: "@") {
            let credentials = authority[..<at].split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = credentials[0].removingPercentEncoding else {
                throw .invalidURL(text, "has a user name with broken percent-encoding")
            }
            if !name.isEmpty { user = name }
            if credentials.count == 2 {
                guard let decoded = credentials[1].removingPercentEncoding else {
                    throw .invalidURL(text, "has a password with broken percent-encoding")
                }
                password = decoded
            }
            authority = authority[authority.index(after: at)...]
        }
        var (host, port) = try hostAndPort(text, String(authority))
        host = query["host"] ?? host ?? environment["PGHOST"].flatMap { $0.isEmpty ? nil : $0 }
        let portText = query["port"] ?? port.map(String.init) ?? environment["PGPORT"]
        if let portText {
            guard let value = Int(portText), (1...65535).contains(value) else {
                throw .invalidURL(text, "has a port that is not a number from 1 to 65535 (\(quoted(portText)))")
            }
            port = value
        }
        user = query["user"] ?? user ?? environment["PGUSER"].flatMap { $0.isEmpty ? nil : $0 } ?? systemUser()
        database = query["dbname"] ?? database ?? environment["PGDATABASE"].flatMap { $0.isEmpty ? nil : $0 } ?? user
        guard let user, !user.isEmpty else { throw .invalidURL(text, "names no user, and PGUSER is not set") }
        guard let database, !database.isEmpty, database.utf8.count <= 63 else {
            throw .invalidURL(text, "names no database, or one longer than 63 bytes")
        }
        let modeText = query["sslmode"] ?? environment["PGSSLMODE"].flatMap { $0.isEmpty ? nil : $0 } ?? "prefer"
        guard let sslMode = PostgresSSLMode(rawValue: modeText) else {
            throw .invalidURL(
                text,
                "has sslmode \(quoted(modeText)); it takes \(PostgresSSLMode.allCases.map(\.rawValue).joined(separator: ", "))"
            )
        }
        var timeout = Duration.seconds(10)
        if let timeoutText = query["connect_timeout"] ?? environment["PGCONNECT_TIMEOUT"] {
            guard let seconds = Int(timeoutText), (1...3_600).contains(seconds) else {
                throw .invalidURL(text, "has a connect_timeout that is not a number of seconds from 1 to 3600")
            }
            timeout = .seconds(seconds)
        }
        var address = PostgresAddress(
            user: user, password: password, host: host ?? "/var/run/postgresql", port: port ?? 5432,
            database: database, sslMode: sslMode,
            sslRootCertificate: query["sslrootcert"] ?? environment["PGSSLROOTCERT"].flatMap { $0.isEmpty ? nil : $0 },
            connectTimeout: timeout)
        guard !address.host.contains(where: { $0 == "@" || $0.isWhitespace }) else {
            throw .invalidURL(text, "names a host with @ or white space in it")
        }
        if address.password == nil {
            if let password = environment["PGPASSWORD"] {
                address.password = password
            } else {
                address.password = try PostgresPasswordFile.password(for: address, environment)
            }
        }
        return address
    }

    private static func parameters(_ text: String, _ query: Substring) throws(ReportStoreError) -> [String: String] {
        var values: [String: String] = [:]
        for item in query.split(separator: "&") {
            let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(pair[0])
            guard postgresParameters.contains(name) else {
                throw .invalidURL(
                    text, "has the parameter \(quoted(name)); it takes \(postgresParameters.joined(separator: ", "))")
            }
            guard pair.count == 2, let value = pair[1].removingPercentEncoding, !value.isEmpty else {
                throw .invalidURL(text, "has no value, or broken percent-encoding, for \(name)")
            }
            values[name] = value
        }
        return values
    }

    /// `HOST`, `HOST:PORT`, `[V6]:PORT` or a percent-encoded socket directory; either may be absent.
    private static func hostAndPort(_ text: String, _ authority: String) throws(ReportStoreError) -> (String?, Int?) {
        guard !authority.isEmpty else { return (nil, nil) }
        var host = authority
        var port: Int?
        if let colon = authority.lastIndex(of: ":"), !authority.hasSuffix("]") {
            host = String(authority[..<colon])
            let digits = authority[authority.index(after: colon)...]
            if !digits.isEmpty {
                guard let value = Int(digits), (1...65535).contains(value) else {
                    throw .invalidURL(text, "has a port that is not a number from 1 to 65535")
                }
                port = value
            }
        }
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        guard let decoded = host.removingPercentEncoding else {
            throw .invalidURL(text, "has a host with broken percent-encoding")
        }
        return (decoded.isEmpty ? nil : decoded, port)
    }

    private static func systemUser() -> String? {
        guard let entry = getpwuid(geteuid()), let name = entry.pointee.pw_name else { return nil }
        return String(cString: name)
    }

    static func quoted(_ text: String) -> String {
        "'" + String(text.prefix(80)) + "'"
    }
}
