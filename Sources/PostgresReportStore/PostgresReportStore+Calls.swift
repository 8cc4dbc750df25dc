import Logging
import PostgresNIO
public import ReportStore

extension PostgresReportStore {
    /// Runs `body` against the server, at most `limit` (``timeout`` unless a call of much work
    /// gives more: an import); every failure becomes a ``ReportStoreError`` saying what to do (a
    /// server that is down is `unavailable`).
    func call<T: Sendable>(
        _ what: String, within limit: Duration? = nil,
        _ body: @escaping @Sendable (PostgresClient, Logger) async throws -> T
    ) async throws(ReportStoreError) -> T {
        let client = client
        let logger = logger
        let timeout = limit ?? timeout
        let clock = clock
        let name = name
        let address = address
        do {
            return try await withThrowingTaskGroup(of: T?.self) { group in
                group.addTask { try await body(client, logger) }
                group.addTask {
                    try await clock.sleep(for: timeout)
                    return nil
                }
                defer { group.cancelAll() }
                guard let first = try await group.next(), let value = first else {
                    throw ReportStoreError.unavailable(
                        name,
                        "cannot reach PostgreSQL at \(address.host):\(address.port): no answer within "
                            + "\(timeout) while \(what); is it running?")
                }
                return value
            }
        } catch {
            throw Self.translate(error, what: what, name: name, address: address)
        }
    }

    /// Any error of a call as a ``ReportStoreError``: a transaction's error is the error that
    /// failed it (the closure's, else beginning or committing it).
    static func translate(_ error: any Error, what: String, name: String, address: StoreURL.PostgresAddress)
        -> ReportStoreError
    {
        switch error {
        case let error as ReportStoreError: return error
        case let error as PSQLError: return translate(error, what: what, name: name, address: address)
        case let error as PostgresTransactionError:
            if let cause = error.closureError ?? error.beginError ?? error.commitError {
                return translate(cause, what: what, name: name, address: address)
            }
            return .storage(what, "\(error)")
        default: return .storage(what, "\(error)")
        }
    }

    /// A postgres-nio error in words, with what to do.
    static func translate(_ error: PSQLError, what: String, name: String, address: StoreURL.PostgresAddress)
        -> ReportStoreError
    {
        if let message = error.serverInfo?[.message] {
            let state = error.serverInfo?[.sqlState] ?? ""
            switch state {
            case "28P01", "28000":
                return .unavailable(name, "PostgreSQL refused the login of \(address.user): \(message).")
            case "3D000":
                return .unavailable(name, "\(message) (create it: createdb \(address.database)).")
            case _
            where message.contains("extension") && message.contains("postgis"):
                return .unavailable(
                    name,
                    "\(message). PostGIS must be installed (Debian: postgresql-15-postgis-3) and an "
                        + "administrator must run CREATE EXTENSION postgis; in \(address.database)."
                )
            case let code where code.hasPrefix("08") || code.hasPrefix("57"):
                return .unavailable(name, "the server dropped the connection while \(what): \(message).")
            default:
                return .storage(what, "\(message) (SQLSTATE \(state))")
            }
        }
        if error.code == .sslUnsupported {
            return .unavailable(
                name,
                "PostgreSQL at \(address.host):\(address.port) does not offer TLS, and sslmode "
                    + "\(address.sslMode.rawValue) requires it (ssl = on in postgresql.conf, or sslmode=prefer).")
        }
        if let underlying = error.underlying, String(reflecting: type(of: underlying)).contains("NIOSSL") {
            return .unavailable(
                name,
                "the TLS handshake with \(address.host):\(address.port) failed (\(underlying)); with sslmode "
                    + "\(address.sslMode.rawValue) the server's certificate must chain to the sslrootcert CA"
                    + (address.sslMode == .verifyFull ? " and name \(address.host)." : "."))
        }
        switch error.code {
        case .connectionError, .serverClosedConnection, .clientClosedConnection, .poolClosed, .uncleanShutdown:
            let cause = error.underlying.map { " (\($0))" } ?? ""
            return .unavailable(
                name, "cannot reach PostgreSQL at \(address.host):\(address.port)\(cause) while \(what); is it running?"
            )
        default:
            return .storage(what, "\(error.code)")
        }
    }
}

extension PostgresReportStore {
    /// `SELECT 1` on a connection of its own, made and closed within `timeout`: independent of
    /// the pool, which backs off between attempts (up to a minute) after a long outage.
    public func ping(within timeout: Duration) async throws(ReportStoreError) {
        let address = address
        let logger = logger
        let name = name
        let clock = clock
        do {
            try await withThrowingTaskGroup(of: Bool.self) { group in
                group.addTask {
                    let configuration = try PostgresConnectionSettings.connection(address, timeout: timeout)
                    let connection = try await PostgresConnection.connect(
                        configuration: configuration, id: 1, logger: logger)
                    // Closed here, answered or not: a close left to an unstructured task would
                    // outlive the ping.
                    do {
                        _ = try await connection.query("SELECT 1", logger: logger)
                    } catch {
                        try? await connection.close()
                        throw error
                    }
                    try? await connection.close()
                    return true
                }
                group.addTask {
                    try await clock.sleep(for: timeout)
                    return false
                }
                defer { group.cancelAll() }
                guard try await group.next() == true else {
                    throw ReportStoreError.unavailable(
                        name, "PostgreSQL at \(address.host):\(address.port) did not answer within \(timeout).")
                }
            }
        } catch {
            throw Self.translate(error, what: "checking the store", name: name, address: address)
        }
    }
}
