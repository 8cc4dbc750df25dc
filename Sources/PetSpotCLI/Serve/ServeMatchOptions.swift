#if Server
    import ArgumentParser
    import Geodesy

    /// `petspot serve`'s possible matches (the cards' Possible matches and
    /// `GET /v1/reports/{id}/matches` when it names no `marginKm`): the margin added to every
    /// missing report's search circle. Also from its `PETSPOT_*` variable.
    struct ServeMatchOptions: ParsableArguments {
        @Option(
            help: ArgumentHelp(
                "Kilometres added to every search circle when found and missing reports are matched (1; 0 to 100).",
                valueName: "km"))
        var matchMarginKm: Double?

        /// The margin this option, else its variable, else the default (1 km) gives.
        ///
        /// - Throws: `ValidationError` naming the option and its variable for a value out of range.
        func margin(_ environment: ServeEnvironment) throws -> SearchRadius {
            let kilometers = try ServeValue.resolve(matchMarginKm, "--match-margin-km", environment) ?? 1
            try ServeValue.check((0...100).contains(kilometers), "--match-margin-km", "from 0 to 100 km")
            do {
                return try SearchRadius(kilometers: kilometers)
            } catch {
                throw ValidationError("--match-margin-km: \(error.description)")
            }
        }
    }
#endif
