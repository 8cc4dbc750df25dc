import Foundation
import Geodata
import Geodesy
import NIOCore
import PostgresNIO
public import ReportStore

extension PostgresReportStore {
    public func add(_ reports: [PetReport]) async throws(ReportStoreError) {
        for report in reports { try report.validate() }
        try await call("adding reports") { client, logger in
            try await client.withTransaction(logger: logger) { connection in
                for report in reports {
                    do {
                        try await connection.query(Self.insert(report), logger: logger)
                    } catch let error as PSQLError where error.serverInfo?[.sqlState] == "23505" {
                        throw Self.duplicate(error, report)
                    }
                }
                try await Self.logEvents(.created, of: reports.map(\.id), in: connection, logger: logger)
            }
        }
    }

    public func importReports(_ source: some ReportSource, skipInvalid: Bool) async throws(ReportStoreError)
        -> ImportSummary
    {
        let subscriptions = source.subscriptions
        for subscription in subscriptions { try subscription.checkStorable() }
        // The COPY text of the valid rows, in chunks (the writer is async, the source is not).
        var problems = ImportProblems()
        var chunks: [ByteBuffer] = []
        var chunk = ByteBuffer()
        let now = ReportTimestamp.text(Date())
        source.forEachRow { row in
            problems.rows += 1
            switch row {
            case .invalid(let problem):
                problems.append(problem)
            case .report(let report, let line):
                do throws(ReportStoreError) {
                    try report.validate()
                    CopyText.append(report, line: line, now: now, to: &chunk)
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
        if problems.rows == 0 && subscriptions.isEmpty { throw problems.failure }
        let invalid = problems
        let payload = chunks
        // The store's timeout, plus 0.5 ms a row: an import of 10^6 rows takes ~30 s at the
        // 33,000 rows/s measured (Docs/Store.md), so the timeout alone failed every large import
        // as "cannot reach PostgreSQL"; a server slower than 2,000 rows/s is still reported.
        let limit = timeout + .microseconds(500 * problems.rows)
        let result = try await call("importing reports", within: limit) { client, logger -> ImportProblems in
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
                let columns = CopyText.columns.joined(separator: ", ")
                // Every row valid: insert them as they are, and let the primary key find a
                // repeated or stored id (the usual case of an import, and every page of a copy
                // into an empty store, costs no sort and no lookups of its own). A clash undoes
                // just this, and the listing below names the rows.
                if invalid.count == 0 && !skipInvalid {
                    try await connection.query("SAVEPOINT plain_insert", logger: logger)
                    do {
                        try await connection.query(
                            "INSERT INTO report (\(unescaped: columns)) SELECT \(unescaped: columns) FROM import_row",
                            logger: logger)
                        for subscription in subscriptions {
                            try await Self.insertSubscription(subscription, on: connection, logger: logger)
                        }
                        return invalid
                    } catch let error as PSQLError where error.serverInfo?[.sqlState] == "23505" {
                        try await connection.query("ROLLBACK TO SAVEPOINT plain_insert", logger: logger)
                    }
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
                try await connection.query(
                    """
                    INSERT INTO report (\(unescaped: columns))
                    SELECT \(unescaped: columns) FROM (SELECT DISTINCT ON (id) * FROM import_row ORDER BY id, line) AS i
                    WHERE NOT EXISTS (SELECT 1 FROM report r WHERE r.id = i.id)
                    """, logger: logger)
                for subscription in subscriptions {
                    try await Self.insertSubscription(subscription, on: connection, logger: logger)
                }
                return problems
            }
        }
        return ImportSummary(
            imported: result.rows - result.count, skippedCount: result.count, skipped: result.kept)
    }

    public func setStatus(_ status: ReportStatus, id: String) async throws(ReportStoreError) -> PetReport {
        let allowed = StatusTransitions.predecessors(of: status)
            .map { "('\($0.kind.rawValue)', '\($0.status.rawValue)')" }.joined(separator: ", ")
        let condition = allowed.isEmpty ? "false" : "(kind, status) IN (\(allowed))"
        return try await call("changing the status of \(id)") { client, logger in
            try await client.withTransaction(logger: logger) { connection -> PetReport in
                // The row locked first: a change sent at the same time through any server waits
                // here, and the rule is checked against the status it left.
                let rows = try await connection.query(
                    "SELECT \(unescaped: Self.columnList) FROM report WHERE id = \(id) FOR UPDATE", logger: logger)
                var current: PetReport?
                for try await row in rows { current = try Self.report(row) }
                guard var report = current else { throw ReportStoreError.notFound(id) }
                // The status it has already: nothing to write, nothing to announce.
                if report.status == status { return report }
                do throws(StatusTransitionError) {
                    try StatusTransitions.check(report, to: status)
                } catch {
                    throw ReportStoreError.transition(error)
                }
                // The rule again in the statement that writes (the row is locked, so it holds).
                let updated = try await connection.query(
                    "UPDATE report SET status = \(status.rawValue) WHERE id = \(id) AND \(unescaped: condition) RETURNING id",
                    logger: logger)
                var written = 0
                for try await _ in updated { written += 1 }
                guard written == 1 else {
                    throw ReportStoreError.storage("changing the status of \(id)", "no row written")
                }
                report.status = status
                try await Self.logEvents(.changed, of: [id], in: connection, logger: logger)
                return report
            }
        }
    }

    public func setOwnerTokenHash(_ hash: String?, id: String) async throws(ReportStoreError) -> PetReport {
        if let hash, !OwnerTokenHash.isWellFormed(hash) {
            throw .invalidReport("ownerTokenHash must be 64 lower-case hexadecimal digits")
        }
        return try await updatedReport(
            id, "changing the owner of \(id)",
            "UPDATE report SET owner_token_hash = \(hash) WHERE id = \(id) RETURNING \(unescaped: Self.columnList)")
    }

    public func remove(id: String) async throws(ReportStoreError) {
        try await call("removing \(id)") { client, logger in
            try await client.withTransaction(logger: logger) { connection in
                try await connection.query(Self.lockEventLog, logger: logger)
                let rows = try await connection.query(
                    """
                    WITH removed AS (
                        DELETE FROM report WHERE id = \(id) RETURNING id, kind, status, latitude, longitude
                    )
                    INSERT INTO report_event (change, report_id, kind, status, latitude, longitude)
                    SELECT 'removed', id, kind, status, latitude, longitude FROM removed RETURNING sequence
                    """, logger: logger)
                var removed = 0
                for try await _ in rows { removed += 1 }
                guard removed > 0 else { throw ReportStoreError.notFound(id) }
                try await connection.query(Self.notify, logger: logger)
            }
        }
    }

    /// The unique violation `error` of inserting `report`, by the constraint it broke: the
    /// idempotency key's, or the primary key.
    static func duplicate(_ error: PSQLError, _ report: PetReport) -> ReportStoreError {
        if let key = report.idempotencyKey, error.serverInfo?[.constraintName] == "report_idempotency_key_key" {
            return .duplicateIdempotencyKey(key)
        }
        return .duplicateID(report.id)
    }

    /// The `INSERT` of `report`: every field in its column (``CopyText/columns``), as text
    /// or a number by its codec, and the radius band.
    static func insert(_ report: PetReport) -> PostgresQuery {
        var binds = PostgresBindings(capacity: CopyText.columns.count)
        for field in CopyText.fields {
            switch field.value {
            case .id: binds.append(report.id)
            case .kind: binds.append(report.kind.rawValue)
            case .status: binds.append(report.status.rawValue)
            case .text: binds.append(field.text(in: report))
            // A report without one is made now.
            case .timestamp: binds.append(field.text(in: report) ?? ReportTimestamp.text(Date()))
            case .wholeNumber: binds.append(field.integer(in: report))
            case .latitude: binds.append(report.coordinate?.latitude.degrees)
            case .longitude: binds.append(report.coordinate?.longitude.degrees)
            case .radius: binds.append(report.radius?.meters)
            }
        }
        binds.append(report.radius.map { RadiusBand.of($0.meters) })
        let parameters = (1...CopyText.columns.count).map { "$\($0)" }.joined(separator: ", ")
        return PostgresQuery(unsafeSQL: "INSERT INTO report (\(columnList)) VALUES (\(parameters))", binds: binds)
    }

    static func rowMessage(_ error: ReportStoreError) -> String {
        var text = error.description
        if text.hasPrefix("Invalid report: ") { text.removeFirst("Invalid report: ".count) }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
