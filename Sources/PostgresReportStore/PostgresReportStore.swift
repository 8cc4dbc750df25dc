import Foundation
import Locking
public import Logging
import PostgresNIO
public import ReportStore
public import ServiceLifecycle

/// The store for scale: PostgreSQL 15 + PostGIS 3.3 through postgres-nio.
///
/// Places are `geography(Point, 4326)` (generated from latitude and longitude; Near you's
/// index), and per radius band a partial GiST index on the place as a point that holds what a
/// nearby candidate needs. A nearby query asks each radius band for the places in a box that
/// holds the band's largest radius (``RadiusBand``, ``NearbyStatement``), answered from the
/// indexes alone, then the candidates go through the exact in-process `NearbySearch` — so the
/// answer is the in-process answer: the same ids, order and metres.
///
/// The store owns no task. Its connection pool (postgres-nio's `PostgresClient`) runs in
/// ``run()``, a swift-service-lifecycle `Service`: `petspot serve` runs it in the server's
/// `ServiceGroup`, which stops it after the server on SIGTERM; a command runs it for the length
/// of its work with ``withStore(_:logger:timeout:_:)``. ``prepare()`` (connecting, migrations)
/// and every query need ``run()`` to be running.
///
/// ```swift
/// let count = try await PostgresReportStore.withStore(address) { store in try await store.count() }
/// ```
public final class PostgresReportStore: ReportStore, Service {
    /// Where the database is.
    public let address: StoreURL.PostgresAddress
    let client: PostgresClient
    let logger: Logger
    /// How long one operation may wait for the server before it is reported unavailable.
    let timeout: Duration
    /// What the time limits and the listener's pause between attempts wait on.
    let clock: any Clock<Duration>
    /// Ends ``run()`` when ``close()`` finishes it.
    private let closing: AsyncStream<Void>
    private let closer: AsyncStream<Void>.Continuation
    /// The consumer of ``changeSignals()``, if any.
    let signals = Locked<AsyncStream<Void>.Continuation?>(nil)
    /// Starts the change listener once ``changeSignals()`` has a consumer.
    let listenerRequests: AsyncStream<Void>
    let listenerWanted: AsyncStream<Void>.Continuation

    /// A store for the database at `address`; nothing connects until ``run()`` and
    /// ``prepare()``.
    ///
    /// - Parameters:
    ///   - logger: postgres-nio's background logger (connections made and lost); errors only
    ///     by default, since every failure a caller sees is a ``ReportStoreError`` already.
    ///   - timeout: How long any one operation may wait for the server (connecting included).
    ///   - clock: What the time limits and the change listener's pause between reconnects
    ///     (``reconnectPause``) wait on.
    public init(
        _ address: StoreURL.PostgresAddress, logger: Logger = PostgresReportStore.quietLogger,
        timeout: Duration = .seconds(15), clock: any Clock<Duration> = ContinuousClock()
    ) {
        // A bad sslrootcert is reported by prepare(), before any query; meanwhile the pool can
        // never connect (TLS that trusts no CA), so nothing falls back to plain text.
        var configuration =
            (try? PostgresConnectionSettings.client(address, timeout: timeout))
            ?? PostgresConnectionSettings.neverConnecting(address)
        configuration.options.maximumConnections = Self.maximumConnections
        // No parallel workers for these small index queries: starting them cost more than the
        // query (p99 120 ms → 20 ms at 10^7 reports on 2 cores).
        configuration.options.additionalStartupParameters = [("max_parallel_workers_per_gather", "0")]
        self.address = address
        self.client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        self.logger = logger
        self.timeout = timeout
        self.clock = clock
        (closing, closer) = AsyncStream.makeStream(of: Void.self)
        (listenerRequests, listenerWanted) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    /// Runs the connection pool until ``close()``, the task's cancellation or a graceful
    /// shutdown of the service group it runs in; call it once.
    public func run() async {
        let client = client
        let closing = closing
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await client.run() }
            group.addTask { for await _ in closing {} }
            group.addTask { await self.listenForChanges() }
            _ = await group.next()
            group.cancelAll()
        }
    }

    /// Connects once (a server that is down or refuses the login fails here at once, where
    /// the pool would retry until the timeout) and applies the migrations, or does what
    /// `schema` says instead (``SchemaUse``). ``run()`` must be running.
    ///
    /// - Throws: ``ReportStoreError/Reason/unavailable`` when the server cannot be reached,
    ///   refuses the login, lacks PostGIS, holds a schema from a newer petspot, or, with
    ///   ``SchemaUse/current``, needs migrating.
    public func prepare(schema: SchemaUse = .migrate) async throws(ReportStoreError) {
        let probe = try PostgresConnectionSettings.connection(address, timeout: timeout)
        do {
            let connection = try await PostgresConnection.connect(configuration: probe, id: 0, logger: logger)
            try await connection.close()
        } catch {
            throw Self.translate(error, what: "connecting", name: name, address: address)
        }
        switch schema {
        case .migrate: try await migrate()
        case .current: try await checkSchema()
        case .asItIs: break
        }
    }

    /// Runs `body` with a prepared store whose pool runs in a child task for exactly that
    /// long, and is closed afterwards: the structured way for a command.
    ///
    /// ```swift
    /// try await PostgresReportStore.withStore(address) { store in try await store.add([report]) }
    /// ```
    ///
    /// - Throws: what ``prepare(schema:)`` throws, or what `body` throws.
    public static func withStore<T>(
        _ address: StoreURL.PostgresAddress, logger: Logger = PostgresReportStore.quietLogger,
        timeout: Duration = .seconds(15), schema: SchemaUse = .migrate, _ body: (PostgresReportStore) async throws -> T
    ) async throws -> T {
        let store = PostgresReportStore(address, logger: logger, timeout: timeout)
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await store.run() }
            defer { store.closer.finish() }
            try await store.prepare(schema: schema)
            return try await body(store)
        }
    }

    var name: String { StoreURL.postgres(address).description }

    /// The most connections the pool opens to the server.
    public static let maximumConnections = 8

    /// A logger for postgres-nio's background work that keeps only errors.
    public static var quietLogger: Logger {
        var logger = Logger(label: "petspot.store")
        logger.logLevel = .error
        return logger
    }

    public func prepareForQueries() async throws(ReportStoreError) -> Int? { nil }

    /// Ends ``run()``: the pool closes its connections and the store is not used afterwards.
    public func close() async {
        signals.withLock { $0?.finish() }
        listenerWanted.finish()
        closer.finish()
    }
}
