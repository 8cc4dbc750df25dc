import Foundation
public import Geodata
public import Geodesy
public import Logging
import NIOCore
import PostgresNIO
public import ReportStore

/// The store for scale: PostgreSQL 15 + PostGIS 3.3 through postgres-nio.
///
/// Places are `geography(Point, 4326)` (generated from latitude and longitude) with one
/// partial GiST index per radius band over the open missing reports. A nearby query searches each
/// radius band with one indexed `ST_DWithin` as far as the band's largest radius
/// (``RadiusBand``), then the candidates go through the exact in-process `NearbySearch` — so
/// the answer is the in-process answer: the same ids, order and metres.
///
/// ```swift
/// let store = try await PostgresReportStore.open(address, logger: logger)
/// defer { Task { await store.close() } }
/// ```
public final class PostgresReportStore: ReportStore {
    /// Where the database is.
    public let address: StoreURL.PostgresAddress
    private let client: PostgresClient
    private let runner: Task<Void, Never>
    private let logger: Logger
    /// How long one operation may wait for the server before it is reported unavailable.
    private let timeout: Duration

    private init(
        address: StoreURL.PostgresAddress, client: PostgresClient, runner: Task<Void, Never>, logger: Logger,
        timeout: Duration
    ) {
        self.address = address
        self.client = client
        self.runner = runner
        self.logger = logger
        self.timeout = timeout
    }

    /// Connects to the database at `address` and applies the migrations.
    ///
    /// - Parameters:
    ///   - timeout: How long any one operation may wait for the server (connecting included).
    /// - Throws: ``ReportStoreError/Reason/unavailable`` when the server cannot be reached,
    ///   refuses the login, lacks PostGIS, or holds a schema from a newer petspot.
    ///   - logger: postgres-nio's background logger (connections made and lost); errors only
    ///     by default, since every failure a caller sees is a ``ReportStoreError`` already.
    public static func open(
        _ address: StoreURL.PostgresAddress, logger: Logger = PostgresReportStore.quietLogger,
        timeout: Duration = .seconds(15)
    ) async throws(ReportStoreError) -> PostgresReportStore {
        var configuration = PostgresClient.Configuration(
            host: address.host, port: address.port, username: address.user, password: address.password,
            database: address.database, tls: .disable)
        configuration.options.connectTimeout = min(timeout, .seconds(10))
        configuration.options.maximumConnections = 8
        // No parallel workers for these small index queries: starting them cost more than the
        // query (p99 120 ms → 20 ms at 10^7 reports on 2 cores).
        configuration.options.additionalStartupParameters = [("max_parallel_workers_per_gather", "0")]
        // One connection first: a server that is down or refuses the login fails here at once
        // (the pool would retry until the timeout).
        let name = StoreURL.postgres(address).description
        do {
            var probe = PostgresConnection.Configuration(
                host: address.host, port: address.port, username: address.user, password: address.password,
                database: address.database, tls: .disable)
            probe.options.connectTimeout = .seconds(Int64(min(timeout, .seconds(10)).components.seconds))
            let connection = try await PostgresConnection.connect(configuration: probe, id: 0, logger: logger)
            try await connection.close()
        } catch {
            throw translate(error, what: "connecting", name: name, address: address)
        }
        let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        let runner = Task { await client.run() }
        let store = PostgresReportStore(
            address: address, client: client, runner: runner, logger: logger, timeout: timeout)
        do {
            try await store.migrate()
        } catch {
            await store.close()
            throw error
        }
        return store
    }

    private var name: String { StoreURL.postgres(address).description }

    /// A logger for postgres-nio's background work that keeps only errors.
    public static var quietLogger: Logger {
        var logger = Logger(label: "petspot.store")
        logger.logLevel = .error
        return logger
    }

    // MARK: Migrations

    private func migrate() async throws(ReportStoreError) {
        try await call("applying migrations") { client, logger in
            try await client.withTransaction(logger: logger) { connection in
                try await connection.query("SELECT pg_advisory_xact_lock(\(PostgresSchema.lockKey))", logger: logger)
                try await connection.query(
                    """
                    CREATE TABLE IF NOT EXISTS petspot_migrations (
                        version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())
                    """, logger: logger)
                var applied: Set<Int> = []
                for try await version in try await connection.query(
                    "SELECT version FROM petspot_migrations", logger: logger
                ).decode(Int.self) {
                    applied.insert(version)
                }
                let known = Set(PostgresSchema.migrations.map(\.version))
                if let newer = applied.subtracting(known).max() {
                    throw ReportStoreError.unavailable(
                        self.name, "its schema is version \(newer), from a newer petspot; use that version.")
                }
                for migration in PostgresSchema.migrations where !applied.contains(migration.version) {
                    for statement in migration.statements { try await connection.query(statement, logger: logger) }
                    try await connection.query(
                        "INSERT INTO petspot_migrations (version, name) VALUES (\(migration.version), \(migration.name))",
                        logger: logger)
                }
            }
        }
    }

    // MARK: Changes

    public func add(_ reports: [PetReport]) async throws(ReportStoreError) {
        for report in reports { try report.validate() }
        try await call("adding reports") { client, logger in
            try await client.withTransaction(logger: logger) { connection in
                for report in reports {
                    do {
                        try await connection.query(Self.insert(report), logger: logger)
                    } catch let error as PSQLError where error.serverInfo?[.sqlState] == "23505" {
                        throw ReportStoreError.duplicateID(report.id)
                    }
                }
            }
        }
    }

    public func importReports(_ source: some ReportSource, skipInvalid: Bool) async throws(ReportStoreError)
        -> ImportSummary
    {
        // The COPY text of the valid rows, in chunks (the writer is async, the source is not).
        var problems = ImportProblems()
        var chunks: [ByteBuffer] = []
        var chunk = ByteBuffer()
        source.forEachRow { row in
            problems.rows += 1
            switch row {
            case .invalid(let problem):
                problems.append(problem)
            case .report(let report, let line):
                do throws(ReportStoreError) {
                    try report.validate()
                    CopyText.append(report, line: line, to: &chunk)
                    if chunk.readableBytes > 1 << 16 {
                        chunks.append(chunk)
                        chunk = ByteBuffer()
                    }
                } catch {
                    problems.append(ImportProblem(number: line, message: Self.rowMessage(error)))
                }
            }
        }
        if chunk.readableBytes > 0 { chunks.append(chunk) }
        if problems.rows == 0 { throw problems.failure }
        let invalid = problems
        let payload = chunks
        let result = try await call("importing reports") { client, logger -> ImportProblems in
            try await client.withTransaction(logger: logger) { connection -> ImportProblems in
                try await connection.query(
                    """
                    CREATE TEMPORARY TABLE import_row (line integer NOT NULL, \(unescaped: CopyText.columnDefinitions))
                    ON COMMIT DROP
                    """, logger: logger)
                try await connection.copyFrom(
                    table: "import_row", columns: ["line"] + CopyText.columns, logger: logger
                ) { writer in
                    for buffer in payload { try await writer.write(buffer) }
                }
                // Ids already stored or repeated in the file (the first occurrence is kept).
                let repeatedRows = """
                    FROM (SELECT line, id, row_number() OVER (PARTITION BY id ORDER BY line) AS n FROM import_row) AS t
                    WHERE n > 1 OR EXISTS (SELECT 1 FROM report r WHERE r.id = t.id)
                    """
                var repeatedCount = 0
                for try await count in try await connection.query(
                    "SELECT count(*) \(unescaped: repeatedRows)", logger: logger
                ).decode(Int.self) {
                    repeatedCount = count
                }
                var repeated: [ImportProblem] = []
                let listed = try await connection.query(
                    "SELECT line, id \(unescaped: repeatedRows) ORDER BY line LIMIT \(ImportProblems.keptLimit)",
                    logger: logger)
                for try await (line, id) in listed.decode((Int, String).self) {
                    repeated.append(
                        ImportProblem(
                            number: line, message: "id \"\(id)\" is already stored or appears earlier in the file"))
                }
                let problems = ImportProblems(
                    kept: invalid.kept + repeated, count: invalid.count + repeatedCount, rows: invalid.rows)
                if problems.count > 0 && !skipInvalid { throw problems.failure }
                let columns = CopyText.columns.joined(separator: ", ")
                try await connection.query(
                    """
                    INSERT INTO report (\(unescaped: columns))
                    SELECT \(unescaped: columns) FROM (SELECT DISTINCT ON (id) * FROM import_row ORDER BY id, line) AS i
                    WHERE NOT EXISTS (SELECT 1 FROM report r WHERE r.id = i.id)
                    """, logger: logger)
                return problems
            }
        }
        return ImportSummary(
            imported: result.rows - result.count, skippedCount: result.count, skipped: result.kept)
    }

    public func setStatus(_ status: ReportStatus, id: String) async throws(ReportStoreError) -> PetReport {
        try await call("changing the status of \(id)") { client, logger in
            let rows = try await client.query(
                "UPDATE report SET status = \(status.rawValue) WHERE id = \(id) RETURNING \(unescaped: Self.columnList)",
                logger: logger)
            for try await row in rows { return try Self.report(row) }
            throw ReportStoreError.notFound(id)
        }
    }

    public func remove(id: String) async throws(ReportStoreError) {
        try await call("removing \(id)") { client, logger in
            let rows = try await client.query("DELETE FROM report WHERE id = \(id) RETURNING id", logger: logger)
            for try await _ in rows { return }
            throw ReportStoreError.notFound(id)
        }
    }

    // MARK: Reading

    public func report(id: String) async throws(ReportStoreError) -> PetReport {
        try await call("reading \(id)") { client, logger in
            let rows = try await client.query(
                "SELECT \(unescaped: Self.columnList) FROM report WHERE id = \(id)", logger: logger)
            for try await row in rows { return try Self.report(row) }
            throw ReportStoreError.notFound(id)
        }
    }

    public func list(_ query: ReportListQuery) async throws(ReportStoreError) -> [PetReport] {
        try await call("listing reports") { client, logger in
            let rows = try await client.query(
                """
                SELECT \(unescaped: Self.columnList) FROM report
                WHERE (\(query.kind?.rawValue)::text IS NULL OR kind = \(query.kind?.rawValue))
                  AND (\(query.status?.rawValue)::text IS NULL OR status = \(query.status?.rawValue))
                  AND (\(query.after)::text IS NULL OR id > \(query.after))
                ORDER BY id LIMIT \(query.limit)
                """, logger: logger)
            var reports: [PetReport] = []
            for try await row in rows { reports.append(try Self.report(row)) }
            return reports
        }
    }

    public func count() async throws(ReportStoreError) -> Int {
        try await call("counting reports") { client, logger in
            for try await count in try await client.query("SELECT count(*) FROM report", logger: logger).decode(
                Int.self)
            {
                return count
            }
            return 0
        }
    }

    public func nearby(_ location: Coordinate, margin: SearchRadius, limit: Int?) async throws(ReportStoreError)
        -> NearbyResult
    {
        let candidates = try await call("searching nearby reports") { client, logger in
            var reports: [NearbyReport] = []
            let statement = NearbyStatement(
                longitude: location.longitude.degrees, latitude: location.latitude.degrees, margin: margin.meters)
            for try await report in try await client.execute(statement, logger: logger) { reports.append(report) }
            return reports
        }
        // The exact final filter: NearbySearch over the candidates, in id order.
        let sorted = candidates.sorted { ReportID.precedes($0.id, $1.id) }
        let matches = NearbySearch(reports: sorted).matches(near: location, margin: margin).map {
            ReportMatch(id: $0.report.id, coordinate: $0.report.coordinate, radius: $0.report.radius, meters: $0.meters)
        }
        return NearbyResult(
            matches: limit.map { Array(matches.prefix(max($0, 0))) } ?? matches, count: matches.count, searched: nil)
    }

    /// The nearby pre-filter for `location` as plain SQL (for `EXPLAIN`: the tests and
    /// Docs/Store.md show that it uses the GiST indexes).
    public static func nearbySQL(_ location: Coordinate, margin: SearchRadius) -> String {
        NearbyStatement.text(
            point:
                "ST_SetSRID(ST_MakePoint(\(location.longitude.degrees), \(location.latitude.degrees)), 4326)::geography",
            margin: "\(margin.meters)")
    }

    public func prepareForQueries() async throws(ReportStoreError) -> Int? { nil }

    public func close() async {
        runner.cancel()
        _ = await runner.value
    }

    // MARK: Helpers

    private static let columnList = CopyText.columns.joined(separator: ", ")

    private static func insert(_ report: PetReport) -> PostgresQuery {
        let radius = report.radius?.meters
        let band = radius.map { RadiusBand.of($0) }
        return """
            INSERT INTO report (\(unescaped: columnList)) VALUES (
                \(report.id), \(report.kind.rawValue), \(report.status.rawValue),
                \(report.coordinate?.latitude.degrees), \(report.coordinate?.longitude.degrees), \(radius), \(band),
                \(report.place), \(report.lastSeenDate), \(report.species), \(report.breed), \(report.gender),
                \(report.approximateAge), \(report.microchipNumber), \(report.description), \(report.phone),
                \(report.email), \(report.photoUrl), \(report.reward))
            """
    }

    /// A report from a row of ``CopyText/columns``.
    private static func report(_ row: PostgresRow) throws -> PetReport {
        let cells = row.makeRandomAccess()
        let id = try cells[0].decode(String.self)
        guard let kind = ReportKind(rawValue: try cells[1].decode(String.self)),
            let status = ReportStatus(rawValue: try cells[2].decode(String.self))
        else {
            throw ReportStoreError.storage("reading report \(id)", "an unknown kind or status")
        }
        var report = PetReport(id: id, kind: kind, status: status)
        if let latitude = try cells[3].decode(Double?.self), let longitude = try cells[4].decode(Double?.self) {
            report.coordinate = try Coordinate(latitude: latitude, longitude: longitude)
        }
        if let meters = try cells[5].decode(Double?.self) { report.radius = try SearchRadius(meters: meters) }
        report.place = try cells[7].decode(String?.self)
        report.lastSeenDate = try cells[8].decode(String?.self)
        report.species = try cells[9].decode(String?.self)
        report.breed = try cells[10].decode(String?.self)
        report.gender = try cells[11].decode(String?.self)
        report.approximateAge = try cells[12].decode(Int?.self)
        report.microchipNumber = try cells[13].decode(String?.self)
        report.description = try cells[14].decode(String?.self)
        report.phone = try cells[15].decode(String?.self)
        report.email = try cells[16].decode(String?.self)
        report.photoUrl = try cells[17].decode(String?.self)
        report.reward = try cells[18].decode(String?.self)
        return report
    }

    private static func rowMessage(_ error: ReportStoreError) -> String {
        var text = error.description
        if text.hasPrefix("Invalid report: ") { text.removeFirst("Invalid report: ".count) }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// Runs `body` against the server, at most ``timeout``; every failure becomes a
    /// ``ReportStoreError`` saying what to do (a server that is down is `unavailable`).
    private func call<T: Sendable>(
        _ what: String, _ body: @escaping @Sendable (PostgresClient, Logger) async throws -> T
    ) async throws(ReportStoreError) -> T {
        let client = client
        let logger = logger
        let timeout = timeout
        let name = name
        let address = address
        do {
            return try await withThrowingTaskGroup(of: T?.self) { group in
                group.addTask { try await body(client, logger) }
                group.addTask {
                    try await Task.sleep(for: timeout)
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
