import ArgumentParser
import ReportStore
import ReportStoreOpener

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
        do {
            return try StoreURL.resolve(store)
        } catch {
            throw StoreFailure(error: error)
        }
    }

    /// Opens the store; the message says why when it cannot (exit 1).
    func open() async throws -> any ReportStore {
        let url = try url()
        do {
            return try await ReportStoreOpener.open(url)
        } catch {
            throw StoreFailure(error: error)
        }
    }
}

/// Runs `body` with an open store and closes it afterwards; a store error becomes an
/// ``StoreFailure`` (exit 1) with its message.
func withStore<T>(_ options: StoreOptions, _ body: (any ReportStore) async throws(ReportStoreError) -> T)
    async throws -> T
{
    let store = try await options.open()
    do {
        let value = try await body(store)
        await store.close()
        return value
    } catch {
        await store.close()
        throw StoreFailure(error: error)
    }
}
