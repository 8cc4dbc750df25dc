public import Foundation

/// Which store to use, from `--store URL` or `PETSPOT_STORE`.
///
/// - `sqlite:PATH` — an SQLite file (created with its folder when missing); `sqlite:` alone is
///   the default file, ``defaultSQLitePath(environment:)``.
/// - `postgres://[USER[:PASSWORD]@][HOST][:PORT][/DATABASE][?sslmode=…&sslrootcert=…&host=/dir]`
///   (or `postgresql://`) — a PostgreSQL server with PostGIS, read as libpq reads it: what the
///   URL leaves out comes from `PGHOST`, `PGPORT`, `PGUSER`, `PGDATABASE`, `PGPASSWORD`,
///   `PGPASSFILE`, `PGSSLMODE`, `PGSSLROOTCERT` (``PostgresAddress``).
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
            self = .postgres(
                try Self.postgres(text, rest: String(text.dropFirst(scheme.count)), environment: environment))
            return
        }
        throw .invalidURL(text, "is neither sqlite: nor postgres://")
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

    /// `sqlite:/path` or `postgres://user@host:port/db[?sslmode=…]` (never the password).
    public var description: String {
        switch self {
        case .sqlite(let path): "sqlite:\(path)"
        case .postgres(let address): address.description
        }
    }
}
