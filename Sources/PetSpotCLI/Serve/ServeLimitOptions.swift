#if Server
    import ArgumentParser
    import Foundation
    import OutsideInput
    import PetSpotService

    /// `petspot serve`'s limits: what one client may take of the server, and all together
    /// (`ServiceLimits`; Docs/Service.md, Security). Each also from its `PETSPOT_*` variable.
    struct ServeLimitOptions: ParsableArguments {
        @Option(help: BoundedOptions.idleTimeout.help) var idleTimeout: Double?

        @Option(help: BoundedOptions.bodyTimeout.help) var bodyTimeout: Double?

        @Option(help: BoundedOptions.maxConnections.help) var maxConnections: Int?

        @Option(help: BoundedOptions.bodyMemory.help) var bodyMemory: Int?

        @Option(help: BoundedOptions.rateLimit.help) var rateLimit: Int?

        @Option(help: BoundedOptions.rateBurst.help) var rateBurst: Int?

        @Option(help: BoundedOptions.contactRateLimit.help) var contactRateLimit: Int?

        /// The limits these options, else their variables in `environment`, else the defaults give.
        ///
        /// - Throws: `ValidationError` naming the option and its variable for a value out of range.
        func limits(_ environment: ServeEnvironment) throws -> ServiceLimits {
            let idle = try BoundedOptions.idleTimeout.value(idleTimeout, environment)
            let body = try BoundedOptions.bodyTimeout.value(bodyTimeout, environment)
            let connections = try BoundedOptions.maxConnections.value(maxConnections, environment)
            let memory = try BoundedOptions.bodyMemory.value(bodyMemory, environment)
            let rate = try BoundedOptions.rateLimit.value(rateLimit, environment)
            let burst = try BoundedOptions.rateBurst.value(rateBurst, environment)
            let contacts = try BoundedOptions.contactRateLimit.value(contactRateLimit, environment)
            return ServiceLimits(
                idleTimeout: .milliseconds(Int64((idle * 1000).rounded())),
                bodyTimeout: .milliseconds(Int64((body * 1000).rounded())), maximumConnections: connections,
                bodyMemoryBudget: memory * 1_048_576,
                changeRate: rate == 0 ? nil : RateLimit(perMinute: rate, burst: burst),
                contactsPerHour: contacts == 0 ? nil : contacts)
        }
    }
#endif
