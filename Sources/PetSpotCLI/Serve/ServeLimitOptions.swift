#if Server
    import ArgumentParser
    import Foundation
    import OutsideInput
    import PetSpotService

    /// `petspot serve`'s limits: what one client may take of the server, and all together
    /// (`ServiceLimits`; Docs/Service.md, Security). Each also from its `PETSPOT_*` variable.
    struct ServeLimitOptions: ParsableArguments {
        @Option(
            help: ArgumentHelp(
                "Close a connection idle this long, or whose request head or body stalls (seconds; 15).",
                valueName: "seconds"))
        var idleTimeout: Double?

        @Option(
            help: ArgumentHelp(
                "A request body must arrive within this of its head (seconds; 120).", valueName: "seconds"))
        var bodyTimeout: Double?

        @Option(
            help: ArgumentHelp(
                "The most connections open at once (default: the open-file limit less an eighth).", valueName: "n"))
        var maxConnections: Int?

        @Option(
            help: ArgumentHelp(
                "Memory all request bodies being received may take together, in MiB (64); past it 503.",
                valueName: "mib"))
        var bodyMemory: Int?

        @Option(
            help: ArgumentHelp(
                "Changes (POST, PUT, PATCH, DELETE) a minute per client address (60); 0: no limit.", valueName: "n"))
        var rateLimit: Int?

        @Option(
            help: ArgumentHelp("Changes one client may make at once before --rate-limit applies (30).", valueName: "n"))
        var rateBurst: Int?

        @Option(
            help: ArgumentHelp(
                "Times an hour one client address is shown a report's contacts (GET /v1/reports/{id}/contact), "
                    + "whatever --rate-limit says (20); 0: no limit.",
                valueName: "n"))
        var contactRateLimit: Int?

        /// The limits these options, else their variables in `environment`, else the defaults give.
        ///
        /// - Throws: `ValidationError` naming the option and its variable for a value out of range.
        func limits(_ environment: ServeEnvironment) throws -> ServiceLimits {
            let idle = try ServeValue.bounded(idleTimeout, "--idle-timeout", environment, 15, 0.1...3_600, "seconds")
            let body = try ServeValue.bounded(bodyTimeout, "--body-timeout", environment, 120, 0.1...3_600, "seconds")
            let connections = try ServeValue.bounded(maxConnections, "--max-connections", environment, 1...1_000_000)
            let memory = try ServeValue.bounded(
                bodyMemory, "--body-memory", environment, 64, 16...65_536, "MiB (a photo may be 16)")
            let rate = try ServeValue.bounded(rateLimit, "--rate-limit", environment, 60, 0...1_000_000)
            let burst = try ServeValue.bounded(rateBurst, "--rate-burst", environment, 30, 1...1_000_000)
            let contacts = try ServeValue.bounded(
                contactRateLimit, "--contact-rate-limit", environment, 20, 0...100_000)
            return ServiceLimits(
                idleTimeout: .milliseconds(Int64((idle * 1000).rounded())),
                bodyTimeout: .milliseconds(Int64((body * 1000).rounded())), maximumConnections: connections,
                bodyMemoryBudget: memory * 1_048_576,
                changeRate: rate == 0 ? nil : RateLimit(perMinute: rate, burst: burst),
                contactsPerHour: contacts == 0 ? nil : contacts)
        }
    }

    /// An option's value: from the command line, else from its environment variable.
    enum ServeValue {
        /// `given`, else `option`'s variable in `environment` read as the option reads its text.
        ///
        /// - Throws: `ValidationError` naming the variable when its text is not such a value.
        static func resolve<Value: ExpressibleByArgument>(
            _ given: Value?, _ option: String, _ environment: ServeEnvironment
        ) throws -> Value? {
            if let given { return given }
            guard let (variable, text) = environment.text(option) else { return nil }
            guard let value = Value(argument: text.trimmingCharacters(in: .whitespaces)) else {
                throw ValidationError(
                    "\(variable) is '\(String(text.prefix(80)).terminalSafe)', not a value \(option) takes.")
            }
            return value
        }

        /// `given`, else `option`'s variable, else `defaultValue`, checked to lie in `range`.
        ///
        /// - Throws: `ValidationError` naming the option and its variable, and saying the range
        ///   (`from 0.1 to 3600 seconds`), for a value outside it.
        static func bounded<Value: ExpressibleByArgument & Comparable>(
            _ given: Value?, _ option: String, _ environment: ServeEnvironment, _ defaultValue: Value,
            _ range: ClosedRange<Value>, _ unit: String = ""
        ) throws -> Value {
            let value = try resolve(given, option, environment) ?? defaultValue
            try check(value, option, range, unit)
            return value
        }

        /// `given`, else `option`'s variable, checked to lie in `range`; `nil` when neither is set.
        ///
        /// - Throws: `ValidationError` as ``bounded(_:_:_:_:_:_:)`` does.
        static func bounded<Value: ExpressibleByArgument & Comparable>(
            _ given: Value?, _ option: String, _ environment: ServeEnvironment, _ range: ClosedRange<Value>,
            _ unit: String = ""
        ) throws -> Value? {
            guard let value = try resolve(given, option, environment) else { return nil }
            try check(value, option, range, unit)
            return value
        }

        /// A value's range check, naming the option and its variable.
        private static func check<Value: Comparable>(
            _ value: Value, _ option: String, _ range: ClosedRange<Value>, _ unit: String
        ) throws {
            guard !range.contains(value) else { return }
            let variable = ServeEnvironment.variables.first { $0.option == option }?.name ?? ""
            let rule =
                "from \(shown(range.lowerBound)) to \(shown(range.upperBound))" + (unit.isEmpty ? "" : " " + unit)
            throw ValidationError("\(option) (\(variable)) must be \(rule).")
        }

        /// `3600` for 3600.0, `0.1` for 0.1: a bound as a person writes it.
        private static func shown<Value>(_ bound: Value) -> String {
            let text = "\(bound)"
            return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
        }
    }
#endif
