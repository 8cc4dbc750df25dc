import ReportStore

#if Server
    import ReportStoreOpener
#endif

/// The reports store engines as the commands reach them: ReportStoreOpener's SQLite and
/// PostgreSQL stores in the whole `petspot`; in a build without the `Server` trait (the quick
/// one `bash scripts/demo` makes, `swift build --disable-default-traits`), every store is
/// unavailable, with what to build instead.
enum StoreEngines {
    /// ``ReportStoreOpener/withStore(_:schema:_:)``.
    static func withStore<T>(
        _ url: StoreURL, schema: SchemaUse = .migrate, _ body: (any ReportStore) async throws -> T
    ) async throws -> T {
        #if Server
            try await ReportStoreOpener.withStore(url, schema: schema, body)
        #else
            throw LeanBuild.storeUnavailable(url)
        #endif
    }

    /// ``ReportStoreOpener/status(_:)``.
    static func status(_ url: StoreURL) async throws(ReportStoreError) -> StoreStatus {
        #if Server
            try await ReportStoreOpener.status(url)
        #else
            throw LeanBuild.storeUnavailable(url)
        #endif
    }

    /// ``ReportStoreOpener/migrate(_:)``.
    static func migrate(_ url: StoreURL) async throws(ReportStoreError) -> (from: Int, to: Int) {
        #if Server
            try await ReportStoreOpener.migrate(url)
        #else
            throw LeanBuild.storeUnavailable(url)
        #endif
    }

    /// ``ReportStoreOpener/backup(_:to:)``.
    static func backup(_ url: StoreURL, to destination: String) async throws(ReportStoreError) -> (
        reports: Int, bytes: Int
    ) {
        #if Server
            try await ReportStoreOpener.backup(url, to: destination)
        #else
            throw LeanBuild.storeUnavailable(url)
        #endif
    }
}
