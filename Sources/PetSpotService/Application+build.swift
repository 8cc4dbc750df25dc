public import Hummingbird
import Logging
import NIOCore
import ReportSteps

/// The service's application: the router with every controller, the middlewares (request
/// log, CORS for the allowed origins, problem details for every error), and the location
/// source's services (a scenario's loop) and the configuration's (the store's connection
/// pool) run beside the server; its `beforeListening` runs before the server listens.
///
/// ```swift
/// let app = buildApplication(ServiceConfiguration(port: 0, location: .none))
/// try await app.runService()      // until SIGTERM or SIGINT
/// ```
public func buildApplication(_ configuration: ServiceConfiguration) -> some ApplicationProtocol {
    let routes = RouteIndex()
    let router = buildRouter(configuration, routes: routes)
    let onListening = configuration.onListening
    let host = configuration.host
    var app = Application(
        router: router,
        configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: nil),
        services: configuration.location.services + configuration.services,
        onServerRunning: { channel in
            await onListening(host, channel.localAddress?.port ?? 0)
        },
        logger: configuration.logger)
    app.beforeServerStarts(perform: configuration.beforeListening)
    return app
}

/// The router: every controller's routes behind the middlewares. `routes` is filled with
/// the routes added, for the 405 check and the OpenAPI conformance test.
public func buildRouter(_ configuration: ServiceConfiguration, routes: RouteIndex = RouteIndex()) -> Router<
    BasicRequestContext
> {
    let router = Router(context: BasicRequestContext.self)
    router.add(middleware: RequestLogMiddleware(logger: configuration.logger))
    if !configuration.allowedOrigins.isEmpty {
        router.add(middleware: AllowedOriginsMiddleware(origins: Set(configuration.allowedOrigins)))
    }
    router.add(middleware: ProblemMiddleware(routes: routes))
    HealthController(location: configuration.location).addRoutes(to: router)
    CoordinatesController().addRoutes(to: router)
    GeodesyController().addRoutes(to: router)
    LocationController(location: configuration.location).addRoutes(to: router)
    LocationUpdatesController(
        location: configuration.location, heartbeat: configuration.heartbeatInterval,
        clock: configuration.heartbeatClock, bufferSize: configuration.eventBufferSize, logger: configuration.logger
    ).addRoutes(to: router)
    ScenariosController().addRoutes(to: router)
    ReportsController(store: configuration.reports, photos: configuration.photos, today: configuration.today)
        .addRoutes(to: router)
    OpenAPIController().addRoutes(to: router)
    // The report pages and the step API they ask.
    let today = configuration.today
    ReportPagesController(
        configuration: PageConfiguration(
            location: configuration.location, today: today, storesReports: configuration.reports != nil)
    ).addRoutes(to: router)
    ReportStepsController(location: configuration.location, today: today).addRoutes(to: router)
    ReportPhotosController().addRoutes(to: router)
    routes.set(router.routes.map { (method: $0.method.rawValue, path: $0.path.description) })
    return router
}

/// Builds the application and runs it until SIGTERM or SIGINT, which end the event streams
/// and stop the server gracefully (`petspot serve`). First raises the process's soft limit on
/// open files to the hard limit, so that each event-stream client can have its connection.
///
/// - Throws: when the server cannot start (the port is taken, the host is not an address).
public func runService(_ configuration: ServiceConfiguration) async throws {
    if let (before, after) = OpenFileLimit.raiseToHardLimit() {
        configuration.logger.debug(
            "open-file limit", metadata: ["soft_before": "\(before)", "soft": "\(after)"])
    } else {
        configuration.logger.notice("could not raise the open-file limit; clients are limited to `ulimit -n`")
    }
    try await buildApplication(configuration).runService()
}
