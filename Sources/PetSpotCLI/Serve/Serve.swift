#if Server
    import ArgumentParser
    import Foundation
    import Location
    import Logging
    import OutsideInput
    import PetSpotService
    import ReportStore
    import ReportStoreOpener
    import Reports
    import Scenarios

    extension PetSpot {
        /// `petspot serve`: the location and geodata service over HTTP.
        struct Serve: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                abstract: "Serve validation, geodesy, fixes and live updates over HTTP (see Docs/Service.md).",
                discussion: """
                    Listens on loopback (127.0.0.1:8080) unless --host says otherwise; --port 0 \
                    picks a free port. Once listening it prints to stderr \
                    "petspot: listening on http://HOST:PORT" (and, with --metrics-port, \
                    "petspot: metrics on http://HOST:PORT/metrics"), then where the pages are: \
                    "petspot: home page on http://HOST:PORT/", the Missing and Found flows' \
                    addresses and the map's. The API is described at /openapi.yaml.

                    Every option can also come from the environment (a systemd EnvironmentFile, a \
                    container's env); the command line wins, then the variable, then the default. \
                    Lists are comma-separated in a variable.

                    \(ServeEnvironment.helpTable)

                    Location source: --gpsd uses gpsd with the persisted consent (`petspot \
                    permission grant`; nothing over HTTP can grant it); --scenario plays a \
                    scenario's timeline on the real clock, in a loop (its permission plays once); \
                    with neither, /v1/location answers 503.

                    Reports: /v1/reports… keep reports in the store --store URL names (else \
                    PETSPOT_STORE, else the default SQLite file; see `petspot reports`). The SQLite \
                    store's nearby index is loaded before the server listens. Report photos \
                    (PUT/GET /v1/reports/ID/photo) are kept in the store with their reports; \
                    the photo files an earlier petspot kept in a folder (--photos DIR, else the \
                    one beside the store) are moved into the store before the server listens.

                    Security (Docs/Service.md): only Host names the server serves are answered \
                    (its address, localhost, --allowed-host); behind a reverse proxy, give its \
                    address with --trusted-proxy so that the rate limit, the logs and the \
                    operator-only rule see the client it names (a request forwarded by a proxy \
                    that is not trusted is never taken for a local one); idle connections, slow request \
                    heads and bodies are closed; connections are capped under the open-file \
                    limit; request bodies share one memory budget; changes are rate limited per \
                    client. Metrics in Prometheus' format are served only on --metrics-port, on \
                    loopback unless --metrics-host says otherwise.

                    Every client connection is an open file: the server raises its soft \
                    open-file limit to the hard limit (`ulimit -Hn`) at start. SIGTERM or SIGINT \
                    ends the event streams and stops the server (exit 0). Logs go to stderr, as \
                    text or (--log-format json) one JSON object a line, each request's lines \
                    with its id (X-Request-Id).

                    Operators (Docs/Service.md): SIGHUP re-reads the operator token file and the \
                    location consent file and keeps serving; a closed stderr never stops it. \
                    Under systemd (Type=notify, $NOTIFY_SOCKET) it says READY=1 once it listens, \
                    after the store's migrations, STOPPING=1 on shutdown, and WATCHDOG=1 at half \
                    of WatchdogSec=. --location-consent gives --gpsd the machine owner's consent \
                    where the service's user cannot read a consent file (DynamicUser=).

                    Exit status: 0 stopped, 64 usage error, 65 scenario file error, 1 cannot listen.
                    """
            )

            @Option(help: "The interface to listen on (loopback unless asked).")
            var host: String?

            @Option(help: BoundedOptions.port.help) var port: Int?

            @Option(
                name: .customLong("gpsd"),
                help: ArgumentHelp(
                    "Use gpsd at HOST, HOST:PORT, HOST:PORT:DEVICE (that receiver only) or [IPv6]:PORT as the "
                        + "location source.", valueName: "host[:port[:device]]"))
            var gpsd: String?

            @Option(
                help: ArgumentHelp(
                    "Play a scenario (bundled name or .yaml/.json file) as the location source.", valueName: "name|path"
                ))
            var scenario: String?

            @Option(
                help: ArgumentHelp(
                    "trace, debug, info, notice, warning, error or critical.", valueName: "level"))
            var logLevel: String?

            @Option(help: ArgumentHelp("text, or json: one JSON object a line.", valueName: "format"))
            var logFormat: String?

            @Option(name: ListOptions.allowOrigin.name, help: ListOptions.allowOrigin.help)
            var allowedOrigins: [String] = []

            @Option(name: ListOptions.allowedHost.name, help: ListOptions.allowedHost.help)
            var allowedHosts: [String] = []

            @Option(name: ListOptions.trustedProxy.name, help: ListOptions.trustedProxy.help)
            var trustedProxies: [String] = []

            @Option(help: ArgumentHelp("The interface /metrics listens on (loopback).", valueName: "host"))
            var metricsHost: String?

            @Option(help: BoundedOptions.metricsPort.help) var metricsPort: Int?

            @Option(
                help: ArgumentHelp(
                    "A file holding the operator's token (never the token itself on the command line); "
                        + "also PETSPOT_OPERATOR_TOKEN.", valueName: "file"))
            var operatorTokenFile: String?

            @Flag(
                help:
                    "The report pages' location button asks this server's source (a kiosk, a QA run), not the browser.")
            var pagesUseServerLocation = false

            @OptionGroup(title: "Limits") var limitOptions: ServeLimitOptions

            @OptionGroup(title: "Map") var mapOptions: ServeMapOptions

            @OptionGroup(title: "Matches and privacy") var matchOptions: ServeMatchOptions

            @OptionGroup(title: "Reports that end") var expiryOptions: ServeExpiryOptions

            @OptionGroup(title: "Alerts by mail") var mailOptions: ServeMailOptions

            @OptionGroup var storeOptions: StoreOptions

            @OptionGroup(title: "Location consent") var consentOptions: ServeConsentOptions

            @Option(
                help: ArgumentHelp(
                    "A photo folder of an earlier petspot, moved into the store at start; default beside the store "
                        + "(sqlite:DIR/NAME.sqlite: DIR/NAME-photos; PostgreSQL: $XDG_DATA_HOME/petspot/photos).",
                    valueName: "dir"))
            var photos: String?

            func validate() throws {
                _ = try settings(ServeEnvironment())
            }

            func run() async throws {
                StandardError.ensureStandardDescriptors()
                let settings = try settings(ServeEnvironment())
                let logger = settings.logger()
                let announcer = Announcer(json: settings.logFormat == .json)
                ServiceMetrics.recordBuild(version: PetSpot.version, commit: BuildCommit.text)
                let location: LocationSource
                var consent: (any LocationAuthorizer)?
                if let gpsd = settings.gpsd {
                    let authorizer = ServeConsent.authorizer(settings.locationConsent, logger: logger)
                    consent = authorizer
                    location = .gpsd(try GPSDEndpoint(parsing: gpsd), authorizer: authorizer, logger: logger)
                } else if let scenario = settings.scenario {
                    location = .scenario(ScenarioLoop(scenario: try loadScenario(scenario)), logger: logger)
                } else {
                    location = .none
                }
                let storeURL = try storeOptions.url()
                let storeLogger = logger
                let served: ServedReportStore
                do {
                    served = try ReportStoreOpener.served(storeURL)
                } catch {
                    announcer.say(StoreFailure(error: error).description, level: .critical)
                    throw ExitCode(1)
                }
                ServiceMetrics.recordStoreConnections(maximum: served.maximumConnections)
                let photos = StoreKeptPhotos(keptBy: served.store)
                let oldPhotos =
                    settings.photos.map(ReportPhotoFolder.init(path:)) ?? ReportPhotoFolder(beside: storeURL)
                var configuration = ServiceConfiguration(
                    host: settings.host, port: settings.port, location: location,
                    allowedOrigins: settings.allowedOrigins,
                    allowedHosts: settings.allowedHosts, limits: settings.limits,
                    metrics: settings.metricsPort.map { port in
                        MetricsListener(host: settings.metricsHost, port: port) { host, port in
                            let url = "http://\(Self.shown(host)):\(port)/metrics"
                            announcer.say("metrics on \(url)", fields: [("url", .string(url))])
                        }
                    }, operatorToken: settings.operatorToken, trustedProxies: settings.trustedProxies,
                    pagesUseServerLocation: settings.pagesUseServerLocation,
                    logger: logger, reports: served.store,
                    services: served.services + [
                        ServeReload.service(
                            tokenFile: settings.operatorTokenFile, token: settings.operatorToken, consent: consent,
                            logger: logger)
                    ],
                    beforeListening: {
                        // The store's pool runs by now (a service of the server's group).
                        let loaded: Int?
                        do throws(ReportStoreError) {
                            loaded = try await served.prepare()
                        } catch {
                            throw StoreNotReady(error: error)
                        }
                        storeLogger.info(
                            "reports store open",
                            metadata: ["store": "\(storeURL)", "indexed": "\(loaded.map(String.init) ?? "-")"])
                        if let photos { await Self.movePhotos(from: oldPhotos, into: photos, logger: storeLogger) }
                    },
                    photos: photos, tiles: settings.tiles, matchMargin: settings.matchMargin,
                    publicLocation: settings.publicLocation, reportLifetimes: settings.lifetimes, mail: settings.mail,
                    onListening: { host, port in
                        let base = "http://\(Self.shown(host)):\(port)"
                        announcer.say("listening on \(base)", fields: [("url", .string(base))])
                        for line in ServePages.lines(base: base) { announcer.say(line) }
                    })
                configuration.publicURL = settings.publicURL
                do {
                    try await runService(configuration)
                    await served.store.close()
                } catch let error as StoreNotReady {
                    await served.store.close()
                    announcer.say(StoreFailure(error: error.error).description, level: .critical)
                    throw ExitCode(1)
                } catch {
                    await served.store.close()
                    announcer.say("cannot serve on \(settings.host):\(settings.port): \(error)", level: .critical)
                    throw ExitCode(1)
                }
            }

            private static func shown(_ host: String) -> String { host.contains(":") ? "[\(host)]" : host }
        }
    }

    /// The reports store could not be opened before the server listened: said as when it cannot
    /// be opened at all (exit 1 with its message), not as a server that cannot listen.
    private struct StoreNotReady: Error {
        var error: ReportStoreError
    }
#endif
