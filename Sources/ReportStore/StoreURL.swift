public import Foundation

/// Which store to use, from `--store URL` or `PETSPOT_STORE`.
///
/// - `sqlite:PATH` — an SQLite file (created with its folder when missing); `sqlite:` alone is
///   the default file, ``defaultSQLitePath(environment:)``.
/// - `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE` (or `postgresql://`) — a PostgreSQL
///   server with PostGIS; the port defaults to 5432. User and password may be percent-encoded.
///
/// ```swift
/// try StoreURL(parsing: "sqlite:/tmp/reports.sqlite")                  // .sqlite(path: "/tmp/reports.sqlite")
/// try StoreURL(parsing: "postgres://petspot@127.0.0.1:5433/reports")   // .postgres(…)
/// try StoreURL(parsing: "mysql://x")                                   // throws: names both forms
/// ```
public enum StoreURL: Sendable, Hashable, CustomStringConvertible {
    /// An SQLite file.
    case sqlite(path: String)
    /// A PostgreSQL database.
    case postgres(PostgresAddress)

    /// Where a PostgreSQL database is.
    public struct PostgresAddress: Sendable, Hashable {
        /// The role to log in as.
        public var user: String
        /// Its password, if the server asks for one.
        public var password: String?
        /// Host name or address.
        public var host: String
        /// TCP port.
        public var port: Int
        /// The database.
        public var database: String

        /// An address from its parts.
        public init(user: String, password: String? = nil, host: String, port: Int = 5432, database: String) {
            self.user = user
            self.password = password
            self.host = host
            self.port = port
            self.database = database
        }
    }

    /// The environment variable that names the store when `--store` is not given.
    public static let environmentVariable = "PETSPOT_STORE"

    /// The store `--store` names, else `PETSPOT_STORE`, else the default SQLite file.
    ///
    /// - Throws: ``ReportStoreError/Reason/invalidURL`` for a URL that cannot be read.
    public static func resolve(_ option: String?, environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(ReportStoreError) -> StoreURL
    {
        if let option { return try StoreURL(parsing: option, environment: environment) }
        if let value = environment[environmentVariable], !value.isEmpty {
            return try StoreURL(parsing: value, environment: environment)
        }
        return .sqlite(path: defaultSQLitePath(environment: environment))
    }

    /// Reads `text`.
    ///
    /// - Throws: ``ReportStoreError/Reason/invalidURL`` saying what is wrong.
    public init(parsing text: String, environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(ReportStoreError)
    {
        if text.hasPrefix("sqlite:") {
            let path = String(text.dropFirst("sqlite:".count))
            if path.hasPrefix("//") {
                throw .invalidURL(text, "has // after sqlite: (write sqlite:/absolute/path or sqlite:relative/path)")
            }
            if path.contains("\0") { throw .invalidURL(text, "has a NUL character in its path") }
            self = .sqlite(path: path.isEmpty ? Self.defaultSQLitePath(environment: environment) : path)
            return
        }
        for scheme in ["postgres://", "postgresql://"] where text.lowercased().hasPrefix(scheme) {
            self = .postgres(try Self.postgres(text, rest: String(text.dropFirst(scheme.count))))
            return
        }
        throw .invalidURL(text, "is neither sqlite: nor postgres://")
    }

    private static func postgres(_ text: String, rest: String) throws(ReportStoreError) -> PostgresAddress {
        if rest.contains("?") || rest.contains("#") {
            throw .invalidURL(
                text, "has a query or fragment; petspot takes none (no sslmode: loopback or a trusted network)")
        }
        guard let at = rest.lastIndex(of: "@") else {
            throw .invalidURL(text, "names no user (postgres://USER@HOST:PORT/DATABASE)")
        }
        let credentials = rest[..<at]
        let location = rest[rest.index(after: at)...]
        let userPart = credentials.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        guard let user = userPart.first.flatMap({ $0.removingPercentEncoding }), !user.isEmpty else {
            throw .invalidURL(text, "names no user (postgres://USER@HOST:PORT/DATABASE)")
        }
        var password: String?
        if userPart.count == 2 {
            guard let decoded = userPart[1].removingPercentEncoding else {
                throw .invalidURL(text, "has a password with broken percent-encoding")
            }
            password = decoded
        }
        guard let slash = location.firstIndex(of: "/") else {
            throw .invalidURL(text, "names no database (postgres://USER@HOST:PORT/DATABASE)")
        }
        let hostPort = location[..<slash]
        let database = String(location[location.index(after: slash)...])
        guard !database.isEmpty, !database.contains("/"), database.utf8.count <= 63 else {
            throw .invalidURL(text, "names no database, or one with / or longer than 63 bytes")
        }
        var host = String(hostPort)
        var port = 5432
        if let colon = hostPort.lastIndex(of: ":"), !hostPort.hasSuffix("]") {
            host = String(hostPort[..<colon])
            guard let value = Int(hostPort[hostPort.index(after: colon)...]), (1...65535).contains(value) else {
                throw .invalidURL(text, "has a port that is not a number from 1 to 65535")
            }
            port = value
        }
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        guard !host.isEmpty, !host.contains(where: { $0 == "/" || $0 == "@" || $0.isWhitespace }) else {
            throw .invalidURL(text, "names no host")
        }
        return PostgresAddress(user: user, password: password, host: host, port: port, database: database)
    }

    /// `$XDG_DATA_HOME/petspot/reports.sqlite`, or `~/.local/share/petspot/reports.sqlite`
    /// when `XDG_DATA_HOME` is unset or not absolute (the XDG Base Directory rule).
    public static func defaultSQLitePath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String
    {
        let base: String
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            base = data
        } else {
            let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
            base = home + "/.local/share"
        }
        return base + "/petspot/reports.sqlite"
    }

    /// `sqlite:/path` or `postgres://user@host:port/db` (never the password).
    public var description: String {
        switch self {
        case .sqlite(let path): "sqlite:\(path)"
        case .postgres(let address):
            "postgres://\(address.user)@\(address.host.contains(":") ? "[\(address.host)]" : address.host):\(address.port)/\(address.database)"
        }
    }
}
