public import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import ReportSteps
import ReportStore
import Reports
import ServiceLifecycle
import UnixSignals

/// The service's application: the router with every controller, the middlewares (request
/// log, CORS for the allowed origins, problem details for every error, allowed hosts, the rate
/// limit and the body budget), the connection limits (idle timeout, body deadline, most
/// connections), and the location source's services (a scenario's loop), the configuration's
/// (the store's connection pool), the reports' expiry (``ReportExpiry``, when the configuration
/// has ``ServiceConfiguration/reportLifetimes``) and the event streams' one heartbeat timer run
/// beside the server; its `beforeListening` runs before the server listens.
///
/// ```swift
/// let app = buildApplication(ServiceConfiguration(port: 0, location: .none))
/// try await app.runService()      // until SIGTERM or SIGINT
/// ```
public func buildApplication(_ configuration: ServiceConfiguration) -> some ApplicationProtocol {
    _ = ServiceMetrics.registry  // swift-metrics' backend, before the first metric is made
    let routes = RouteIndex()
    let health = configuration.reports.map { StoreHealth(store: $0, logger: configuration.logger) }
    let heartbeat = EventStreamHeartbeat(
        interval: configuration.heartbeatInterval, clock: configuration.clock)
    let feed = configuration.reports.map {
        ReportEventFeed(
            store: $0, heartbeat: heartbeat, logger: configuration.logger,
            publicLocation: configuration.publicLocation)
    }
    // Alerts and expiry go through the same guarded, measured store as the routes.
    let measured = configuration.reports.map { store in
        MeasuredReportStore(
            base: health.map { GuardedReportStore(base: store, health: $0) as any ReportStore } ?? store)
    }
    let courier = measured.flatMap { store in
        configuration.mail.map {
            MailCourier(
                store: store, settings: $0, clock: configuration.clock, now: configuration.now,
                logger: configuration.logger)
        }
    }
    let planner = courier.map {
        AlertPlanner(
            courier: $0, feed: feed, publicLocation: configuration.publicLocation,
            matchMargin: configuration.matchMargin, photos: configuration.photos)
    }
    let router = makeRouter(
        configuration, storeHealth: health, reportFeed: feed, heartbeat: heartbeat, routes: routes, courier: courier)
    let expiry = measured.flatMap { store in
        configuration.reportLifetimes.map { lifetimes in
            ReportExpiry(
                store: store, lifetimes: lifetimes, clock: configuration.clock, now: configuration.now,
                logger: configuration.logger,
                reminder: configuration.mail.map {
                    RenewalReminder(store: store, settings: $0, courier: courier, logger: configuration.logger)
                })
        }
    }
    let mailServices: [any Service] = (courier.map { [$0] } ?? []) + (planner.map { [$0] } ?? [])
    let onListening = configuration.onListening
    let host = configuration.host
    let limits = configuration.limits
    let connections =
        limits.maximumConnections.map { ConnectionLimit(maximum: $0, measured: true) }
        ?? ConnectionLimit.forThisProcess(measured: true)
    let bodyTimeout = limits.bodyTimeout
    let (idleSeconds, idleAttoseconds) = limits.idleTimeout.components
    var app = Application(
        router: router,
        server: .http1(
            configuration: HTTP1Channel.Configuration(
                additionalChannelHandlers: [RequestBodyDeadlineHandler(bodyTimeout: bodyTimeout)],
                idleTimeout: .nanoseconds(idleSeconds * 1_000_000_000 + idleAttoseconds / 1_000_000_000))),
        configuration: .init(
            address: .hostname(configuration.host, port: configuration.port), serverName: nil,
            availableConnectionsDelegate: connections),
        services: configuration.location.services + configuration.services + (health.map { [$0] } ?? [])
            + (feed.map { [$0] } ?? []) + (expiry.map { [$0] } ?? []) + mailServices + [heartbeat]
            + (configuration.metrics.map { [$0.application(logger: configuration.logger)] } ?? []),
        onServerRunning: { channel in
            await onListening(host, channel.localAddress?.port ?? 0)
        },
        logger: configuration.logger)
    app.beforeServerStarts(perform: configuration.beforeListening)
    return app
}

/// The router: every controller's routes behind the middlewares. `routes` is filled with
/// the routes added, for the 405 check and the OpenAPI conformance test. Its event streams
/// send no heartbeats: the heartbeat timer runs as a service of the application
/// (``buildApplication(_:)``).
public func buildRouter(
    _ configuration: ServiceConfiguration, storeHealth: StoreHealth? = nil, routes: RouteIndex = RouteIndex()
) -> Router<
    ServiceRequestContext
> {
    let heartbeat = EventStreamHeartbeat(interval: configuration.heartbeatInterval, clock: configuration.clock)
    return makeRouter(configuration, storeHealth: storeHealth, reportFeed: nil, heartbeat: heartbeat, routes: routes)
}

/// ``buildRouter(_:storeHealth:routes:)`` with the event feed the report alerts listen to (the
/// application runs it as a service; without it `/v1/reports/updates` answers 503) and the
/// heartbeat timer the event streams hear (run as a service too).
func makeRouter(
    _ configuration: ServiceConfiguration, storeHealth: StoreHealth?, reportFeed: ReportEventFeed?,
    heartbeat: EventStreamHeartbeat, routes: RouteIndex, courier: MailCourier? = nil
) -> Router<ServiceRequestContext> {
    let router = Router(context: ServiceRequestContext.self)
    router.add(middleware: ClientMiddleware(proxies: configuration.trustedProxies))
    router.add(middleware: RequestIDMiddleware())
    router.add(middleware: RequestLogMiddleware())
    // Outside ProblemMiddleware: every answer is measured with the status the client gets.
    router.add(middleware: RequestMetricsMiddleware(routes: routes))
    if !configuration.allowedOrigins.isEmpty {
        router.add(middleware: AllowedOriginsMiddleware(origins: Set(configuration.allowedOrigins)))
    }
    // Every error below is answered as problem details (CORS headers added above).
    router.add(middleware: ProblemMiddleware(routes: routes))
    router.add(
        middleware: AllowedHostsMiddleware(
            policy: AllowedHosts(listeningOn: configuration.host, names: configuration.allowedHosts)))
    if let rate = configuration.limits.changeRate {
        router.add(middleware: RateLimitMiddleware(limiter: RateLimiter(rate, clock: configuration.clock)))
    }
    router.add(middleware: BodyBudgetMiddleware(budget: BodyBudget(capacity: configuration.limits.bodyMemoryBudget)))
    HealthController(location: configuration.location, store: storeHealth).addRoutes(to: router)
    CoordinatesController().addRoutes(to: router)
    GeodesyController().addRoutes(to: router)
    PlacesController().addRoutes(to: router)
    let access = LocationAccess(listeningOn: configuration.host, token: configuration.operatorToken)
    LocationController(location: configuration.location, access: access).addRoutes(to: router)
    LocationUpdatesController(
        location: configuration.location, access: access, heartbeat: heartbeat,
        bufferSize: configuration.eventBufferSize, logger: configuration.logger
    ).addRoutes(to: router)
    ScenariosController(runs: ScenarioRunAdmission(admitted: configuration.limits.scenarioRunsAdmitted))
        .addRoutes(to: router)
    let reports = configuration.reports.map { store -> any ReportStore in
        let guarded = storeHealth.map { GuardedReportStore(base: store, health: $0) as any ReportStore } ?? store
        return MeasuredReportStore(base: guarded)
    }
    // Photos the store keeps go through the same guarded, measured store as its reports.
    let photos: (any ReportPhotos)? =
        if configuration.photos is StoreKeptPhotos, let reports { StoreKeptPhotos(keptBy: reports) } else {
            configuration.photos
        }
    let reportAccess = ReportAccess(operatorToken: configuration.operatorToken)
    let manageMail = reports.flatMap { store in
        configuration.mail.map {
            ManageMail(
                store: store, settings: $0, courier: courier, now: configuration.now, logger: configuration.logger,
                recipients: RateLimiter(
                    burst: ManageMail.perAddress, every: .seconds(3600 / ManageMail.perAddress),
                    clock: configuration.clock))
        }
    }
    ReportUpdatesController(
        store: reports, feed: reportFeed, heartbeat: heartbeat, logger: configuration.logger
    ).addRoutes(to: router)
    ReportsController(
        store: reports, photos: photos, today: configuration.today, access: reportAccess,
        matchMargin: configuration.matchMargin, publicLocation: configuration.publicLocation,
        contactLimiter: configuration.limits.contactsPerHour.map {
            RateLimiter(burst: $0, every: .seconds(3600 / max(1, $0)), clock: configuration.clock)
        }, manageMail: manageMail
    )
    .addRoutes(to: router)
    SightingsController(store: reports, access: reportAccess, now: configuration.now).addRoutes(to: router)
    OpenAPIController().addRoutes(to: router)
    SubscriptionsController(store: reports, settings: configuration.mail, courier: courier, now: configuration.now)
        .addRoutes(to: router)
    MatchAlertsController(store: reports, settings: configuration.mail).addRoutes(to: router)
    LostLinkController(
        store: reports, settings: configuration.mail, manageMail: manageMail,
        reports: RateLimiter(burst: 1, every: LostLinkController.gap, clock: configuration.clock),
        now: configuration.now
    ).addRoutes(to: router)
    RenewalController(store: reports, settings: configuration.mail, lifetimes: configuration.reportLifetimes)
        .addRoutes(to: router)
    ReportMessagesController(
        store: reports, settings: configuration.mail, courier: courier,
        limiter: RateLimiter(
            burst: ReportMessagesController.perHour, every: .seconds(3600 / ReportMessagesController.perHour),
            clock: configuration.clock),
        now: configuration.now
    ).addRoutes(to: router)
    // The report pages and the step API they ask; the server's own position only when the
    // operator offers it to them.
    let today = configuration.today
    let pagesLocation = configuration.pagesUseServerLocation ? configuration.location : .none
    ReportPagesController(
        configuration: PageConfiguration(
            location: pagesLocation, today: today, storesReports: configuration.reports != nil),
        reports: reports, photos: photos, publicLocation: configuration.publicLocation,
        messages: configuration.mail != nil && reports != nil,
        publicURL: configuration.publicURL ?? configuration.mail?.publicURL
    ).addRoutes(to: router)
    HomePageController(alerts: configuration.mail != nil && reports != nil).addRoutes(to: router)
    MapPageController(tiles: configuration.tiles).addRoutes(to: router)
    ReportStepsController(
        location: pagesLocation, today: today,
        keeper: reports.map { ReportKeeper(store: $0, photos: photos) }, manageMail: manageMail
    ).addRoutes(to: router)
    ReportPhotosController().addRoutes(to: router)
    routes.set(router.routes.map { (method: $0.method.rawValue, path: $0.path.description) })
    return router
}

/// Builds the application and runs it until SIGTERM or SIGINT, which end the event streams
/// and stop the server gracefully (`petspot serve`). First makes the process safe for an
/// operator's world: SIGPIPE and SIGHUP are ignored (a closed standard error or a reload signal
/// never ends it: ``StandardError``, ``HangupReload``), and the soft limit on open files is
/// raised to the hard limit, so that each event-stream client can have its connection.
///
/// With `systemd` (``SystemdNotifier/fromEnvironment(_:pid:)`` unless told otherwise) it says
/// `READY=1` once the server listens — after ``ServiceConfiguration/beforeListening`` (the
/// store's migrations and preparation) — and runs ``SystemdNotifications`` beside it:
/// `WATCHDOG=1` while it runs, `STOPPING=1` as soon as a shutdown begins.
///
/// - Throws: when the server cannot start (the port is taken, the host is not an address).
public func runService(
    _ configuration: ServiceConfiguration, systemd: SystemdNotifier? = SystemdNotifier.fromEnvironment()
) async throws {
    StandardError.ignoreBrokenPipes()
    HangupReload.ignoreHangups()
    if let (before, after) = OpenFileLimit.raiseToHardLimit() {
        configuration.logger.debug(
            "open-file limit", metadata: ["soft_before": "\(before)", "soft": "\(after)"])
    } else {
        configuration.logger.notice("could not raise the open-file limit; clients are limited to `ulimit -n`")
    }
    for notice in startupNotices(configuration) { configuration.logger.notice("\(notice)") }
    guard let systemd else {
        try await ServiceGroup(
            configuration: shutdownBounded([.init(service: buildApplication(configuration))], configuration.logger)
        ).run()
        return
    }
    var configuration = configuration
    let listening = configuration.onListening
    configuration.onListening = { host, port in
        await listening(host, port)
        systemd.send("READY=1\nSTATUS=listening on \(host):\(port)")
    }
    // The notifications after the application: a graceful shutdown reaches them first.
    let group = ServiceGroup(
        configuration: shutdownBounded(
            [
                .init(service: buildApplication(configuration)),
                .init(service: SystemdNotifications(notifier: systemd, clock: configuration.clock)),
            ], configuration.logger))
    try await group.run()
}

/// How long a graceful shutdown (SIGTERM, SIGINT) may take before the services still running
/// are cancelled, and how long that cancellation may take before ServiceLifecycle ends the
/// process: a server whose shutdown waits on something that never comes (seen under load in
/// the tests, with the database going away at the same moment) still exits, instead of
/// idling forever with no socket open.
let gracefulShutdownLimit: Duration = .seconds(15)
let cancellationLimit: Duration = .seconds(10)

/// The service group's configuration for `services`: ended by SIGTERM and SIGINT, its shutdown
/// bounded by ``gracefulShutdownLimit`` and ``cancellationLimit``.
func shutdownBounded(_ services: [ServiceGroupConfiguration.ServiceConfiguration], _ logger: Logger)
    -> ServiceGroupConfiguration
{
    var configuration = ServiceGroupConfiguration(
        services: services, gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
    configuration.maximumGracefulShutdownDuration = gracefulShutdownLimit
    configuration.maximumCancellationDuration = cancellationLimit
    return configuration
}

/// What the operator should know of `configuration` before the server listens: on a server that
/// listens beyond loopback with no operator token, what stays closed to everyone.
func startupNotices(_ configuration: ServiceConfiguration) -> [String] {
    guard !AllowedHosts.isLoopback(configuration.host), configuration.operatorToken == nil else { return [] }
    return [
        "listening on \(configuration.host) with no operator token: the server's own position "
            + "(/v1/location, /v1/location/updates), changing or removing a report without its owner's token, "
            + "and lists with contact details stay closed to every client; give --operator-token-file FILE "
            + "(PETSPOT_OPERATOR_TOKEN_FILE) to open them to the operator"
    ]
}
