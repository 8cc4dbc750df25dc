#if Server
    import ArgumentParser
    import Geodata
    import ReportStore

    /// `petspot serve`'s possible matches (the cards' Possible matches and
    /// `GET /v1/reports/{id}/matches` when it names no `marginKm`): the margin added to every
    /// missing report's search circle; and the grid strangers see missing reports' places on
    /// (``PublicLocation``). Also from their `PETSPOT_*` variables.
    struct ServeMatchOptions: ParsableArguments {
        @Option(
            help: ArgumentHelp(
                "Kilometres added to every search circle when found and missing reports are matched (1; 0 to 100).",
                valueName: "km"))
        var matchMarginKm: Double?

        @Option(
            help: ArgumentHelp(
                "Metres of the grid cell whose centre strangers see for a missing pet's last-seen place "
                    + "(500; 100 to 10000). The owner and the operator see the exact place.",
                valueName: "m"))
        var publicPrecisionM: Double?

        /// The grid this option, else its variable, else the default (500 m) gives.
        ///
        /// - Throws: `ValidationError` naming the option and its variable for a value out of range.
        func publicLocation(_ environment: ServeEnvironment) throws -> PublicLocation {
            let meters = try ServeValue.bounded(
                publicPrecisionM, "--public-precision-m", environment, PublicLocation.defaultPrecisionMeters,
                PublicLocation.precisionRange, "m")
            return PublicLocation(precisionMeters: meters)
        }

        /// The margin this option, else its variable, else the default (1 km) gives.
        ///
        /// - Throws: `ValidationError` naming the option and its variable for a value out of range.
        func margin(_ environment: ServeEnvironment) throws -> SearchRadius {
            let kilometers = try ServeValue.bounded(matchMarginKm, "--match-margin-km", environment, 1, 0...100, "km")
            do {
                return try SearchRadius(kilometers: kilometers)
            } catch {
                throw ValidationError("--match-margin-km: \(error.description)")
            }
        }
    }
#endif
