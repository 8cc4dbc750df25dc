import ArgumentParser
import ReportStore
import Reports

/// `--store URL`: which reports store a command uses.
struct StoreOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The reports store: sqlite:PATH (sqlite: alone is the default file) or "
                + "postgres://USER@HOST:PORT/DATABASE; default $PETSPOT_STORE, else "
                + "sqlite: ($XDG_DATA_HOME/petspot/reports.sqlite).",
            valueName: "url"))
    var store: String?

    /// The store URL `--store`, `PETSPOT_STORE` or the default give.
    ///
    /// - Throws: ``StoreFailure`` (exit 1) for a URL that cannot be read.
    func url() throws -> StoreURL {
        try Self.resolve(store)
    }

    /// The store URL `text` names (`nil`: `PETSPOT_STORE` or the default).
    ///
    /// - Throws: ``StoreFailure`` (exit 1) for a URL that cannot be read.
    static func resolve(_ text: String?) throws -> StoreURL {
        do {
            return try StoreURL.resolve(text)
        } catch {
            throw StoreFailure(error: error)
        }
    }
}

/// `ID [--store URL]`: one stored report, for the commands that take nothing else
/// (`reports show`, `reports remove`).
struct StoredReportOptions: ParsableArguments {
    @Argument(help: "The report's id.")
    var id: String

    @OptionGroup var storeOptions: StoreOptions

    /// Runs `body` with the store open (``withStore(_:schema:_:)``) and the report's id.
    func withReport<T>(
        schema: SchemaUse = .migrate, _ body: (any ReportStore, String) async throws(ReportStoreError) -> T
    ) async throws -> T {
        let id = self.id
        return try await withStore(storeOptions, schema: schema) { store throws(ReportStoreError) in
            try await body(store, id)
        }
    }
}

/// Runs `body` with the store open (a PostgreSQL store's connection pool running for exactly
/// that long) and closes it afterwards; a store error becomes a ``StoreFailure`` (exit 1) with
/// its message. A command that only reads gives `schema: .current`: it never migrates a store,
/// and one that needs migrating is refused with what to run.
func withStore<T>(
    _ options: StoreOptions, schema: SchemaUse = .migrate, _ body: (any ReportStore) async throws(ReportStoreError) -> T
) async throws -> T {
    let url = try options.url()
    do {
        return try await StoreEngines.withStore(url, schema: schema) { store in try await body(store) }
    } catch let error as ReportStoreError {
        throw StoreFailure(error: error)
    }
}

/// The photos `store` keeps (every engine keeps its reports' photos beside them).
///
/// - Throws: a storage error for a store that keeps none (none of petspot's).
func keptPhotos(_ store: any ReportStore) throws(ReportStoreError) -> StoreKeptPhotos {
    guard let photos = StoreKeptPhotos(keptBy: store) else {
        throw .storage("reading photos", "this store keeps no photos")
    }
    return photos
}

/// Runs a report use case (``ReportKeeper``, over the store and the photos it keeps) with the
/// store open: a store error becomes a ``StoreFailure`` (exit 1) as in ``withStore(_:schema:_:)``,
/// any other the keeper's own message.
func withKeeper<T>(
    _ options: StoreOptions, _ body: (ReportKeeper) async throws(ReportKeeperError) -> T
) async throws -> T {
    let outcome: Result<T, ReportKeeperError> = try await withStore(options) { store throws(ReportStoreError) in
        do throws(ReportKeeperError) {
            return .success(try await body(ReportKeeper(store: store, photos: StoreKeptPhotos(keptBy: store))))
        } catch {
            if case .store(let failure) = error { throw failure }
            return .failure(error)
        }
    }
    return try outcome.get()
}
