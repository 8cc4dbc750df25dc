#if Server
    import ArgumentParser
    import ReportStore

    /// `petspot serve`'s reports that end: how many days an open missing or found report lasts
    /// without being renewed before the server closes it (``ReportLifetimes``). Also from their
    /// `PETSPOT_*` variables.
    struct ServeExpiryOptions: ParsableArguments {
        @Option(
            help: ArgumentHelp(
                "Days an open missing report lasts without renewal before it closes itself (90; 1 to 3650).",
                valueName: "days"))
        var missingMaxAgeDays: Int?

        @Option(
            help: ArgumentHelp(
                "Days an open found report lasts without renewal before it closes itself (30; 1 to 3650).",
                valueName: "days"))
        var foundMaxAgeDays: Int?

        /// The lifetimes these options, else their variables, else the defaults give.
        ///
        /// - Throws: `ValidationError` naming the option and its variable for a value out of range.
        func lifetimes(_ environment: ServeEnvironment) throws -> ReportLifetimes {
            let range = ReportLifetimes.dayRange
            let missing = try ServeValue.bounded(
                missingMaxAgeDays, "--missing-max-age-days", environment, ReportLifetimes.defaultMissingDays, range,
                "days")
            let found = try ServeValue.bounded(
                foundMaxAgeDays, "--found-max-age-days", environment, ReportLifetimes.defaultFoundDays, range, "days")
            return ReportLifetimes(missingDays: missing, foundDays: found)
        }
    }
#endif
