public import Foundation

extension StoreURL {
    /// Where a PostgreSQL database is and how to reach it, as libpq (and so `psql`) reads it:
    /// the URL's parts and query parameters, else the `PG*` environment variables, else
    /// libpq's defaults.
    ///
    /// | part | URL | environment | default |
    /// | --- | --- | --- | --- |
    /// | host: a name, an address or a Unix-socket directory | `@HOST`, `?host=/dir` | `PGHOST` | `/var/run/postgresql` (Debian's libpq) |
    /// | port | `:PORT`, `?port=` | `PGPORT` | 5432 |
    /// | user | `USER@` | `PGUSER` | the system user |
    /// | database | `/DATABASE`, `?dbname=` | `PGDATABASE` | the user's name |
    /// | password | `USER:PASSWORD@` | `PGPASSWORD`, then `PGPASSFILE` (`~/.pgpass`) | none |
    /// | TLS | `?sslmode=` | `PGSSLMODE` | `prefer` |
    /// | CA certificates for `verify-ca`, `verify-full` | `?sslrootcert=FILE` or `system` | `PGSSLROOTCERT` | `~/.postgresql/root.crt` |
    /// | connect timeout (s) | `?connect_timeout=` | `PGCONNECT_TIMEOUT` | 10 |
    public struct PostgresAddress: Sendable, Hashable {
        /// The role to log in as.
        public var user: String
        /// Its password, if the server asks for one.
        public var password: String?
        /// Host name or address; the directory of the server's Unix socket when it starts with `/`.
        public var host: String
        /// TCP port (also the number in a Unix socket's name).
        public var port: Int
        /// The database.
        public var database: String
        /// Whether and how the connection is encrypted.
        public var sslMode: PostgresSSLMode
        /// The CA certificates (PEM) that `verify-ca` and `verify-full` trust; `system` for the
        /// system's; `nil`: `~/.postgresql/root.crt`.
        public var sslRootCertificate: String?
        /// How long to wait for a connection before the store is unavailable.
        public var connectTimeout: Duration

        /// An address from its parts.
        public init(
            user: String, password: String? = nil, host: String, port: Int = 5432, database: String,
            sslMode: PostgresSSLMode = .prefer, sslRootCertificate: String? = nil,
            connectTimeout: Duration = .seconds(10)
        ) {
            self.user = user
            self.password = password
            self.host = host
            self.port = port
            self.database = database
            self.sslMode = sslMode
            self.sslRootCertificate = sslRootCertificate
            self.connectTimeout = connectTimeout
        }

        /// The Unix socket's path (`DIR/.s.PGSQL.PORT`) when ``host`` is a directory.
        public var unixSocketPath: String? {
            host.hasPrefix("/") ? "\(host)/.s.PGSQL.\(port)" : nil
        }

        /// `postgres://user@host:port/db`, with the TLS mode when it is not `prefer`; never the
        /// password.
        public var description: String {
            let shownHost =
                host.hasPrefix("/")
                ? "?host=\(host)" : (host.contains(":") ? "[\(host)]" : host)
            var text =
                host.hasPrefix("/")
                ? "postgres://\(user)@:\(port)/\(database)\(shownHost)"
                : "postgres://\(user)@\(shownHost):\(port)/\(database)"
            if sslMode != .prefer { text += (text.contains("?") ? "&" : "?") + "sslmode=\(sslMode.rawValue)" }
            return text
        }
    }

    /// libpq's `sslmode`.
    public enum PostgresSSLMode: String, Sendable, Hashable, CaseIterable {
        /// Never encrypt.
        case disable
        /// Encrypt when the server insists (treated as `prefer`).
        case allow
        /// Encrypt when the server can, without checking its certificate; else plain.
        case prefer
        /// Always encrypt; the certificate is not checked (against a man in the middle, use
        /// `verify-full`).
        case require
        /// Always encrypt; the certificate must chain to a trusted CA.
        case verifyCA = "verify-ca"
        /// Always encrypt; the certificate must chain to a trusted CA and name the host.
        case verifyFull = "verify-full"
    }
}
