#if Server
    import Configuration
    import Foundation

    /// `petspot serve`'s environment variables: every option has one (`--port` → `PETSPOT_PORT`),
    /// read through swift-configuration's `EnvironmentVariablesProvider`; an option on the command
    /// line wins over its variable, which wins over the default. One table (``variables``) feeds
    /// `--help`, the man page and `Docs/Service.md` (a test keeps that page equal to it).
    struct ServeEnvironment {
        /// One variable: the option it stands for, its key (`petspot.logLevel` reads
        /// `PETSPOT_LOG_LEVEL`), what it sets and its default.
        struct Variable: Sendable {
            var option: String
            var key: String
            var meaning: String
            var defaultValue: String

            /// `PETSPOT_LOG_LEVEL` for `petspot.logLevel`, as `EnvironmentVariablesProvider` maps it.
            var name: String {
                key.split(separator: ".").map { component in
                    var name = ""
                    for (index, character) in component.enumerated() {
                        if index > 0, character.isUppercase,
                            component[component.index(component.startIndex, offsetBy: index - 1)].isLowercase
                        {
                            name += "_"
                        }
                        name += character.uppercased()
                    }
                    return name
                }.joined(separator: "_")
            }
        }

        /// Every variable `petspot serve` reads, in `--help`'s order.
        static let variables: [Variable] = [
            Variable(
                option: "--host", key: "petspot.host", meaning: "interface to listen on", defaultValue: "127.0.0.1"),
            Variable(option: "--port", key: "petspot.port", meaning: "port; 0 picks a free one", defaultValue: "8080"),
            Variable(
                option: "--gpsd", key: "petspot.gpsd", meaning: "gpsd as the location source", defaultValue: "none"),
            Variable(
                option: "--scenario", key: "petspot.scenario", meaning: "scenario as location source",
                defaultValue: "none"),
            Variable(
                option: "--location-consent", key: "petspot.locationConsent",
                meaning: "consent for gpsd: granted, denied",
                defaultValue: "the consent file"),
            Variable(
                option: "--log-level", key: "petspot.logLevel", meaning: "least level logged", defaultValue: "info"),
            Variable(option: "--log-format", key: "petspot.logFormat", meaning: "text or json", defaultValue: "text"),
            Variable(
                option: "--allow-origin", key: "petspot.allowOrigins", meaning: "CORS origins, a list",
                defaultValue: "none"),
            Variable(
                option: "--allowed-host", key: "petspot.allowedHosts", meaning: "more host names, a list",
                defaultValue: "none"),
            Variable(
                option: "--trusted-proxy", key: "petspot.trustedProxies",
                meaning: "proxies that name the client, a list",
                defaultValue: "none"),
            Variable(option: "--store", key: "petspot.store", meaning: "reports store URL", defaultValue: "sqlite:"),
            Variable(
                option: "--operator-token-file", key: "petspot.operatorTokenFile",
                meaning: "file of the operator token",
                defaultValue: "none"),
            Variable(
                option: "--pages-use-server-location", key: "petspot.pagesUseServerLocation",
                meaning: "pages locate by server", defaultValue: "false"),
            Variable(
                option: "--photos", key: "petspot.photos", meaning: "an earlier photos folder to move into the store",
                defaultValue: "beside the store"),
            Variable(
                option: "--tile-url", key: "petspot.tileURL", meaning: "map tile URL template",
                defaultValue: "OpenStreetMap's"),
            Variable(
                option: "--tile-attribution", key: "petspot.tileAttribution", meaning: "map tile attribution",
                defaultValue: "OpenStreetMap's"),
            Variable(
                option: "--match-margin-km", key: "petspot.matchMarginKm", meaning: "km added to circles in matches",
                defaultValue: "1"),
            Variable(
                option: "--public-precision-m", key: "petspot.publicPrecisionM",
                meaning: "grid strangers see missing places on", defaultValue: "500"),
            Variable(
                option: "--missing-max-age-days", key: "petspot.missingMaxAgeDays",
                meaning: "days a missing report stays open", defaultValue: "90"),
            Variable(
                option: "--found-max-age-days", key: "petspot.foundMaxAgeDays",
                meaning: "days a found report stays open", defaultValue: "30"),
            Variable(
                option: "--smtp", key: "petspot.smtpUrl", meaning: "mail server for alerts", defaultValue: "off"),
            Variable(
                option: "--smtp-password-file", key: "petspot.smtpPasswordFile", meaning: "file with its password",
                defaultValue: "none"),
            Variable(
                option: "--mail-from", key: "petspot.mailFrom", meaning: "sender of mails", defaultValue: "none"),
            Variable(
                option: "--public-url", key: "petspot.publicUrl",
                meaning: "base of links in mails and posters' QR codes",
                defaultValue: "none"),
            Variable(
                option: "--mail-lease", key: "petspot.mailLease", meaning: "seconds a mail being sent is held",
                defaultValue: "300"),
            Variable(
                option: "--metrics-host", key: "petspot.metricsHost", meaning: "interface of /metrics",
                defaultValue: "127.0.0.1"),
            Variable(
                option: "--metrics-port", key: "petspot.metricsPort", meaning: "port of /metrics",
                defaultValue: "off"),
            Variable(
                option: "--idle-timeout", key: "petspot.idleTimeout", meaning: "seconds idle before closing",
                defaultValue: "15"),
            Variable(
                option: "--body-timeout", key: "petspot.bodyTimeout", meaning: "seconds for a request body",
                defaultValue: "120"),
            Variable(
                option: "--max-connections", key: "petspot.maxConnections", meaning: "connections open at once",
                defaultValue: "auto"),
            Variable(
                option: "--body-memory", key: "petspot.bodyMemory", meaning: "MiB of request bodies at once",
                defaultValue: "64"),
            Variable(
                option: "--rate-limit", key: "petspot.rateLimit", meaning: "changes a minute per client",
                defaultValue: "60"),
            Variable(
                option: "--rate-burst", key: "petspot.rateBurst", meaning: "changes at once per client",
                defaultValue: "30"),
            Variable(
                option: "--contact-rate-limit", key: "petspot.contactRateLimit",
                meaning: "contacts shown an hour per client", defaultValue: "20"),
        ]

        /// The table for `--help`: a line per variable (two when it would not fit in 79 columns).
        static var helpTable: String {
            variables.map { variable in
                let option = variable.option.padding(toLength: 18, withPad: " ", startingAt: 0)
                let name = variable.name.padding(toLength: 24, withPad: " ", startingAt: 0)
                let line = "  \(option)\(name)\(variable.meaning) (\(variable.defaultValue))"
                // `padding` cuts what is longer than the column: such a variable takes two lines.
                let fits = variable.option.count < 18 && variable.name.count < 24 && line.count <= 79
                if fits { return line }
                return "  \(variable.option) \(variable.name)\n\(String(repeating: " ", count: 44))\(variable.meaning) "
                    + "(\(variable.defaultValue))"
            }.joined(separator: "\n")
        }

        /// The table for `Docs/Service.md`, in Markdown.
        static var markdownTable: String {
            (["| Option | Variable | Sets | Default |", "| --- | --- | --- | --- |"]
                + variables.map { "| `\($0.option)` | `\($0.name)` | \($0.meaning) | \($0.defaultValue) |" })
                .joined(separator: "\n")
        }

        private let reader: ConfigReader

        /// The process's environment, or `variables` for tests.
        init(_ variables: [String: String] = ProcessInfo.processInfo.environment) {
            reader = ConfigReader(
                provider: EnvironmentVariablesProvider(
                    environmentVariables: variables, secretsSpecifier: .specific(["PETSPOT_OPERATOR_TOKEN"])))
        }

        /// The variable for `option`'s text, if it is set and not empty.
        func text(_ option: String) -> (variable: String, text: String)? {
            guard let variable = Self.variables.first(where: { $0.option == option }) else { return nil }
            guard let text = reader.string(forKey: ConfigKey(variable.key)), !text.isEmpty else { return nil }
            return (variable.name, text)
        }

        /// The operator's token from `PETSPOT_OPERATOR_TOKEN`, read as a secret (swift-configuration
        /// never shows it in its access logs).
        func operatorToken() -> String? {
            guard let text = reader.string(forKey: ConfigKey("petspot.operatorToken"), isSecret: true), !text.isEmpty
            else { return nil }
            return text
        }

        /// The comma-separated list in `option`'s variable (empty items dropped).
        func list(_ option: String) -> [String] {
            guard let (_, text) = text(option) else { return [] }
            return text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
    }
#endif
