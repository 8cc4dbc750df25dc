import GRDB
import Geodata
import Geodesy
public import ReportStore

extension SQLiteReportStore {
    public func importReports(_ source: some ReportSource, skipInvalid: Bool) throws(ReportStoreError)
        -> ImportSummary
    {
        let subscriptions = source.subscriptions
        for subscription in subscriptions { try subscription.checkStorable() }
        var problems = ImportProblems()
        var imported = 0
        var entries: [LiveNearbyIndex.Entry] = []
        let keepsIndex = index != nil
        try write("importing reports") { db in
            // Into an empty store the open places' index is made once after the rows, not
            // entry by entry: 10^6 random places inserted into it spilled SQLite's page cache
            // over and over (10.2 s of CPU for the import instead of 3.3 s, plus 1.5 s for the
            // index). In the import's transaction, so a failed import leaves the index as it was.
            let rebuildsIndex = try Self.catching {
                try Bool.fetchOne(db, sql: "SELECT NOT EXISTS (SELECT 1 FROM report)") ?? false
            }
            if rebuildsIndex { try Self.catching { try db.execute(sql: "DROP INDEX report_open_place") } }
            var insert = try ReportInsert(db, ignoringDuplicates: true, createdAt: Self.now())
            var failure: ReportStoreError?
            func outcome(_ row: InsertRow, line: Int, inserted: Bool) {
                guard inserted else {
                    problems.append(
                        ImportProblem(
                            number: line, message: "id \"\(row.id)\" is already stored or appears earlier in the file"))
                    return
                }
                imported += 1
                if keepsIndex, let entry = row.indexEntry { entries.append(entry) }
            }
            // A problem is listed after the rows before it are written (and theirs listed): the
            // list stays in file order.
            func flush() -> Bool {
                do throws(ReportStoreError) {
                    try insert.flush(outcome)
                    return true
                } catch {
                    failure = error
                    return false
                }
            }
            func list(_ problem: ImportProblem) {
                if flush() { problems.append(problem) }
            }
            // Rows after a problem are still inserted (the transaction rolls back at the end) so
            // that a repeated id is found and listed too.
            func add(_ row: InsertRow, line: Int) {
                do throws(ReportStoreError) {
                    try insert.add(row, line: line, outcome)
                } catch {
                    failure = error
                }
            }
            source.forEachRecord(
                { record in
                    guard failure == nil else { return }
                    problems.rows += 1
                    switch record {
                    case .place(let row):
                        // A row of places passed every rule of PetReport.validate() as it was read.
                        add(.place(row), line: row.line)
                    case .row(.invalid(let problem)):
                        list(problem)
                    case .row(.report(let report, let line)):
                        do throws(ReportStoreError) {
                            try report.validate()
                        } catch {
                            list(ImportProblem(number: line, message: Self.rowMessage(error)))
                            return
                        }
                        add(.report(report), line: line)
                    }
                },
                end: {
                    // The last rows are written while the source still holds their bytes.
                    if failure == nil { _ = flush() }
                    insert.finish()
                })
            if let failure { throw failure }
            if (problems.rows == 0 && subscriptions.isEmpty) || (problems.count > 0 && !skipInvalid) {
                throw problems.failure
            }
            for subscription in subscriptions { try Self.insertSubscription(subscription, into: db) }
            if rebuildsIndex { try Self.catching { try db.execute(sql: SQLiteSchema.openPlaceIndex) } }
        }
        index?.upsert(contentsOf: entries)
        return ImportSummary(imported: imported, skippedCount: problems.count, skipped: problems.kept)
    }
}
