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

            /// `option` (`--log-level`) read from the key of its name (`petspot.logLevel`), or
            /// from `key` where the variable is named otherwise (a list's in the plural).
            init(_ option: String, _ meaning: String, default defaultValue: String, key: String? = nil) {
                self.option = option
                self.key = key ?? Self.key(of: option)
                self.meaning = meaning
                self.defaultValue = defaultValue
            }

            /// `petspot.logLevel` of `--log-level`: the option's words in camel case.
            static func key(of option: String) -> String {
                let words = option.drop { $0 == "-" }.split(separator: "-")
                let rest = words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }
                return "petspot." + (words.first.map(String.init) ?? "") + rest.joined()
            }

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

        /// Every variable `petspot serve` reads, in `--help`'s order (a numeric option's row from
        /// its ``BoundedOptions`` declaration, a list option's from ``ListOptions``).
        static let variables: [Variable] = [
            Variable("--host", "interface to listen on", default: "127.0.0.1"),
            BoundedOptions.port.variable,
            Variable("--gpsd", "gpsd as the location source", default: "none"),
            Variable("--scenario", "scenario as location source", default: "none"),
            Variable("--location-consent", "consent for gpsd: granted, denied", default: "the consent file"),
            Variable("--log-level", "least level logged", default: "info"),
            Variable("--log-format", "text or json", default: "text"),
            ListOptions.allowOrigin.variable,
            ListOptions.allowedHost.variable,
            ListOptions.trustedProxy.variable,
            Variable("--store", "reports store URL", default: "sqlite:"),
            Variable("--operator-token-file", "file of the operator token", default: "none"),
            Variable("--pages-use-server-location", "pages locate by server", default: "false"),
            Variable("--photos", "an earlier photos folder to move into the store", default: "beside the store"),
            Variable("--tile-url", "map tile URL template", default: "OpenStreetMap's", key: "petspot.tileURL"),
            Variable("--tile-attribution", "map tile attribution", default: "OpenStreetMap's"),
            BoundedOptions.matchMarginKm.variable,
            BoundedOptions.publicPrecisionM.variable,
            BoundedOptions.missingMaxAgeDays.variable,
            BoundedOptions.foundMaxAgeDays.variable,
            Variable("--smtp", "mail server for alerts", default: "off", key: "petspot.smtpUrl"),
            Variable("--smtp-password-file", "file with its password", default: "none"),
            Variable("--mail-from", "sender of mails", default: "none"),
            Variable("--public-url", "base of links in mails and posters' QR codes", default: "none"),
            BoundedOptions.mailLease.variable,
            Variable("--metrics-host", "interface of /metrics", default: "127.0.0.1"),
            BoundedOptions.metricsPort.variable,
            BoundedOptions.idleTimeout.variable,
            BoundedOptions.bodyTimeout.variable,
            BoundedOptions.maxConnections.variable,
            BoundedOptions.bodyMemory.variable,
            BoundedOptions.rateLimit.variable,
            BoundedOptions.rateBurst.variable,
            BoundedOptions.contactRateLimit.variable,
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
