import PostgresReportStore
public import ReportStore
import SQLiteReportStore

/// Opens the store a ``StoreURL`` names, whatever its engine.
///
/// ```swift
/// let store = try await ReportStoreOpener.open(try StoreURL.resolve(options.store))
/// defer { Task { await store.close() } }
/// ```
public enum ReportStoreOpener {
    /// The store at `url`, opened and migrated.
    ///
    /// - Throws: ``ReportStoreError/Reason/unavailable`` when it cannot be opened or reached.
    public static func open(_ url: StoreURL) async throws(ReportStoreError) -> any ReportStore {
        switch url {
        case .sqlite(let path):
            return try SQLiteReportStore(path: path)
        case .postgres(let address):
            return try await PostgresReportStore.open(address)
        }
    }
}
