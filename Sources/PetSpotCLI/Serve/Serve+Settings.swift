#if Server
    import ArgumentParser
    import Foundation
    import Location
    import Logging
    import OutsideInput
    import PetSpotService

    extension PetSpot.Serve {
        /// Every setting, from the options, else the environment, else the defaults.
        func settings(_ environment: ServeEnvironment) throws -> ServeSettings {
            var settings = ServeSettings()
            settings.host = try ServeValue.resolve(host, "--host", environment) ?? settings.host
            settings.port = try BoundedOptions.port.value(port, environment)
            settings.gpsd = try ServeValue.resolve(gpsd, "--gpsd", environment)
            settings.scenario = try ServeValue.resolve(scenario, "--scenario", environment)
            if settings.gpsd != nil && settings.scenario != nil {
                throw ValidationError("Give --gpsd or --scenario (PETSPOT_GPSD, PETSPOT_SCENARIO), not both.")
            }
            if let gpsd = settings.gpsd {
                do {
                    _ = try GPSDEndpoint(parsing: gpsd)
                } catch {
                    throw ValidationError(error.description)
                }
            }
            let level = try ServeValue.resolve(logLevel, "--log-level", environment) ?? "info"
            guard let parsedLevel = Logger.Level(rawValue: level) else {
                throw ValidationError(
                    "--log-level (PETSPOT_LOG_LEVEL) must be one of trace, debug, info, notice, warning, error, critical."
                )
            }
            settings.logLevel = parsedLevel
            let format = try ServeValue.resolve(logFormat, "--log-format", environment) ?? "text"
            guard let parsedFormat = ServeSettings.LogFormat(rawValue: format) else {
                throw ValidationError("--log-format (PETSPOT_LOG_FORMAT) must be text or json.")
            }
            settings.logFormat = parsedFormat
            settings.allowedOrigins = ListOptions.allowOrigin.values(allowedOrigins, environment)
            for origin in settings.allowedOrigins
            where !origin.hasPrefix("http://") && !origin.hasPrefix("https://") {
                throw ValidationError(
                    "--allow-origin takes an origin such as http://localhost:3000; got '\(origin.terminalSafe)'.")
            }
            settings.allowedHosts = ListOptions.allowedHost.values(allowedHosts, environment)
            do {
                settings.trustedProxies = try TrustedProxies(
                    ListOptions.trustedProxy.values(trustedProxies, environment))
            } catch {
                throw ValidationError(error.description)
            }
            settings.photos = try ServeValue.resolve(photos, "--photos", environment)
            settings.metricsHost = try ServeValue.resolve(metricsHost, "--metrics-host", environment) ?? "127.0.0.1"
            settings.metricsPort = try BoundedOptions.metricsPort.value(metricsPort, environment)
            settings.limits = try limitOptions.limits(environment)
            settings.tiles = try mapOptions.tiles(environment)
            settings.matchMargin = try matchOptions.margin(environment)
            settings.publicLocation = try matchOptions.publicLocation(environment)
            settings.lifetimes = try expiryOptions.lifetimes(environment)
            settings.mail = try mailOptions.settings(environment)
            settings.publicURL = try mailOptions.publicURL(environment)
            if let file = try ServeValue.resolve(operatorTokenFile, "--operator-token-file", environment) {
                settings.operatorTokenFile = file
                do {
                    settings.operatorToken = try OperatorToken.read(file: file)
                } catch {
                    throw ValidationError(error.description)
                }
            } else if let secret = environment.operatorToken() {
                do {
                    settings.operatorToken = try OperatorToken(secret: secret)
                } catch {
                    throw ValidationError("PETSPOT_OPERATOR_TOKEN: \(error.description)")
                }
            }
            settings.locationConsent = try consentOptions.consent(environment)
            settings.pagesUseServerLocation =
                try pagesUseServerLocation
                || ServeValue.resolve(Bool?.none, "--pages-use-server-location", environment) ?? false
            return settings
        }
    }
#endif
