#if Server
    import ArgumentParser
    import Geodata
    import ReportStore

    /// `petspot serve`'s possible matches (the cards' Possible matches and
    /// `GET /v1/reports/{id}/matches` when it names no `marginKm`): the margin added to every
    /// missing report's search circle; and the grid strangers see missing reports' places on
    /// (``PublicLocation``). Also from their `PETSPOT_*` variables.
    struct ServeMatchOptions: ParsableArguments {
        @Option(help: BoundedOptions.matchMarginKm.help) var matchMarginKm: Double?

        @Option(help: BoundedOptions.publicPrecisionM.help) var publicPrecisionM: Double?

        /// The grid this option, else its variable, else the default (500 m) gives.
        ///
        /// - Throws: `ValidationError` naming the option and its variable for a value out of range.
        func publicLocation(_ environment: ServeEnvironment) throws -> PublicLocation {
            let meters = try BoundedOptions.publicPrecisionM.value(publicPrecisionM, environment)
            return PublicLocation(precisionMeters: meters)
        }

        /// The margin this option, else its variable, else the default (1 km) gives.
        ///
        /// - Throws: `ValidationError` naming the option and its variable for a value out of range.
        func margin(_ environment: ServeEnvironment) throws -> SearchRadius {
            let kilometers = try BoundedOptions.matchMarginKm.value(matchMarginKm, environment)
            do {
                return try SearchRadius(kilometers: kilometers)
            } catch {
                throw ValidationError("--match-margin-km: \(error.description)")
            }
        }
    }
#endif
