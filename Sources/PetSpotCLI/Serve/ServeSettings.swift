#if Server
    import Location
    import Logging
    import PetSpotService
    import ReportStore

    /// What `petspot serve` runs with once its options, the environment and the defaults are
    /// combined (``PetSpot/Serve/settings(_:)``).
    struct ServeSettings {
        enum LogFormat: String {
            case text, json
        }

        var host = "127.0.0.1"
        /// `--port`; its default is the option's (``BoundedOptions/port``).
        var port = BoundedOptions.port.fallback
        var gpsd: String?
        var scenario: String?
        var logLevel = Logger.Level.info
        var logFormat = LogFormat.text
        var allowedOrigins: [String] = []
        var allowedHosts: [String] = []
        var photos: String?
        var tiles = TileSource.openStreetMap
        /// Kilometres added to every search circle when reports are matched (`--match-margin-km`).
        var matchMargin = ServiceConfiguration.defaultMatchMargin
        /// The grid strangers see missing reports' places on (`--public-precision-m`).
        var publicLocation = PublicLocation()
        /// How long open reports last without renewal (``ReportLifetimes``).
        var lifetimes = ReportLifetimes()
        /// How alerts are mailed (`--smtp`, `--mail-from`, `--public-url`); `nil`: no mail.
        var mail: MailSettings?
        /// Where visitors reach this server (`--public-url`), mail or not: the posters' QR codes.
        var publicURL: PublicURL?
        var metricsHost = "127.0.0.1"
        var metricsPort: Int?
        var limits = ServiceLimits()
        var operatorToken: OperatorToken?
        /// The reverse proxies whose forwarding headers name the client (`--trusted-proxy`).
        var trustedProxies = TrustedProxies.none
        /// The file the operator token came from, re-read on SIGHUP.
        var operatorTokenFile: String?
        /// The location consent given as configuration (`--location-consent`), if any.
        var locationConsent: LocationAuthorization?
        var pagesUseServerLocation = false

        /// The server's logger: text (swift-log's stream handler) or JSON lines, to standard error,
        /// at ``logLevel``.
        func logger() -> Logger {
            let level = logLevel
            let format = logFormat
            var logger = Logger(label: "petspot.serve") { label in
                switch format {
                case .text:
                    var handler = StreamLogHandler(label: label, stream: StandardErrorStream())
                    handler.logLevel = level
                    return handler
                case .json:
                    var handler = JSONLogHandler(label: label)
                    handler.logLevel = level
                    return handler
                }
            }
            logger.logLevel = level
            return logger
        }
    }
#endif
