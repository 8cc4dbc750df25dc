public import Foundation
public import Geodata
public import Logging
public import ReportSteps
public import ReportStore
public import Reports
public import ServiceLifecycle

/// What `petspot serve` was asked for: where to listen, the host names it answers for, the
/// location source, CORS origins, logs, the limits that protect it, and the event-stream
/// timings (injectable for tests).
public struct ServiceConfiguration: Sendable {
    /// The interface to bind: loopback unless asked otherwise.
    public var host: String
    /// The port; 0 picks a free one.
    public var port: Int
    /// Where positions come from.
    public var location: LocationSource
    /// The origins whose pages may call the API from a browser (CORS); empty: none.
    public var allowedOrigins: [String]
    /// Host names answered besides the listening address and `localhost` (``AllowedHosts``).
    public var allowedHosts: [String]
    /// Timeouts, connections, body memory, rate and scenario-run limits.
    public var limits: ServiceLimits
    /// Where `/metrics` is served; `nil`: nowhere.
    public var metrics: MetricsListener?
    /// The operator's token: it may change any report and, from a client that is not on
    /// loopback, have the server's own position.
    public var operatorToken: OperatorToken?
    /// The reverse proxies whose `X-Forwarded-For`/`Forwarded` name the client
    /// (`--trusted-proxy`); none by default.
    public var trustedProxies: TrustedProxies
    /// Whether the report pages' location button asks the server's source (a kiosk, a QA run
    /// with a scenario) instead of the visitor's browser.
    public var pagesUseServerLocation: Bool
    /// The logger for requests, the location provider and event streams.
    public var logger: Logger
    /// How often an event stream sends a `: heartbeat` comment (15 s). One timer beats for
    /// every client, so a client's first heartbeat comes within one interval of connecting.
    public var heartbeatInterval: Duration
    /// The clock the server's timers and limits run on (the heartbeats, the rate limit's
    /// refills): the real one, or a test's `VirtualClock`.
    public var clock: any Clock<Duration>
    /// How many events an event-stream client that reads slowly may have waiting.
    public var eventBufferSize: Int
    /// The reports store behind `/v1/reports…`; `nil`: those routes answer 503.
    public var reports: (any ReportStore)?
    /// Long-running parts that run beside the server in its `ServiceGroup`, started before it
    /// and stopped after it (the PostgreSQL store's connection pool).
    public var services: [any Service]
    /// Runs once ``services`` run and before the server listens (the store's migrations and
    /// index); an error stops the server before it listens.
    public var beforeListening: @Sendable () async throws -> Void
    /// Where the reports' photos are kept (`/v1/reports/{id}/photo`): `StoreKeptPhotos` over
    /// ``reports`` (what `petspot serve` gives: the server then keeps them through the same
    /// guarded, measured store as the reports), or any other keeper; `nil`: that route
    /// answers 503 and cards have no photo.
    public var photos: (any ReportPhotos)?
    /// "Today" for the report forms' date rules (the system clock by default).
    public var today: Today
    /// Where the map page's tiles come from (OpenStreetMap's by default; `--tile-url`).
    public var tiles: TileSource
    /// Added to every missing report's search circle when reports are matched: the cards'
    /// Possible matches and `GET /v1/reports/{id}/matches` without `marginKm`
    /// (``defaultMatchMargin`` unless the operator sets it: `--match-margin-km`).
    public var matchMargin: SearchRadius
    /// 1 km: a pet is often found just outside where its owner thought it could be.
    public static let defaultMatchMargin = (try? SearchRadius(kilometers: 1)) ?? .zero
    /// The grid strangers see missing reports' places on (`--public-precision-m`, 500 m by
    /// default): ``PublicLocation``.
    public var publicLocation: PublicLocation
    /// How long open reports last without renewal; the server closes older ones (a
    /// ``ReportExpiry`` in its group, sweeping at start and every hour on ``clock``). `nil`:
    /// reports never close by age (the default here; `petspot serve` gives 90 and 30 days).
    public var reportLifetimes: ReportLifetimes?
    /// The wall clock's time now: the reports' ages (the expiry's cutoffs). `Date()` by default;
    /// a test's follows its ``clock``.
    public var now: @Sendable () -> Date
    /// How the server sends alerts by mail (`--smtp`, `--mail-from`, `--public-url`); `nil`:
    /// it sends none and offers no alerts.
    public var mail: MailSettings?
    /// Where visitors reach this server (`--public-url`), with or without mail: the base of a
    /// poster's QR code. `nil`: the mail settings' when there are some, else each request's
    /// own origin. Set it after `init`.
    public var publicURL: PublicURL?
    /// Called once the server listens, with the port it got.
    public var onListening: @Sendable (_ host: String, _ port: Int) async -> Void

    /// A configuration; the defaults are those of `petspot serve`.
    public init(
        host: String = "127.0.0.1", port: Int = 8080, location: LocationSource = .none,
        allowedOrigins: [String] = [], allowedHosts: [String] = [], limits: ServiceLimits = ServiceLimits(),
        metrics: MetricsListener? = nil, operatorToken: OperatorToken? = nil, trustedProxies: TrustedProxies = .none,
        pagesUseServerLocation: Bool = false,
        logger: Logger = Logger(label: "petspot.serve"),
        heartbeatInterval: Duration = .seconds(15), clock: any Clock<Duration> = ContinuousClock(),
        eventBufferSize: Int = 32,
        reports: (any ReportStore)? = nil, services: [any Service] = [],
        beforeListening: @escaping @Sendable () async throws -> Void = {}, photos: (any ReportPhotos)? = nil,
        today: Today = .system(), tiles: TileSource = .openStreetMap,
        matchMargin: SearchRadius = ServiceConfiguration.defaultMatchMargin,
        publicLocation: PublicLocation = PublicLocation(),
        reportLifetimes: ReportLifetimes? = nil, now: @escaping @Sendable () -> Date = { Date() },
        mail: MailSettings? = nil,
        onListening: @escaping @Sendable (_ host: String, _ port: Int) async -> Void = { _, _ in }
    ) {
        self.host = host
        self.port = port
        self.location = location
        self.allowedOrigins = allowedOrigins
        self.allowedHosts = allowedHosts
        self.limits = limits
        self.metrics = metrics
        self.operatorToken = operatorToken
        self.trustedProxies = trustedProxies
        self.pagesUseServerLocation = pagesUseServerLocation
        self.logger = logger
        self.heartbeatInterval = heartbeatInterval
        self.clock = clock
        self.eventBufferSize = eventBufferSize
        self.reports = reports
        self.tiles = tiles
        self.matchMargin = matchMargin
        self.publicLocation = publicLocation
        self.services = services
        self.beforeListening = beforeListening
        self.photos = photos
        self.today = today
        self.reportLifetimes = reportLifetimes
        self.now = now
        self.mail = mail
        self.onListening = onListening
    }
}
