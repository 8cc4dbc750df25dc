#if Server
    import ArgumentParser
    import ReportStore

    /// `petspot serve`'s reports that end: how many days an open missing or found report lasts
    /// without being renewed before the server closes it (``ReportLifetimes``). Also from their
    /// `PETSPOT_*` variables.
    struct ServeExpiryOptions: ParsableArguments {
        @Option(help: BoundedOptions.missingMaxAgeDays.help) var missingMaxAgeDays: Int?

        @Option(help: BoundedOptions.foundMaxAgeDays.help) var foundMaxAgeDays: Int?

        /// The lifetimes these options, else their variables, else the defaults give.
        ///
        /// - Throws: `ValidationError` naming the option and its variable for a value out of range.
        func lifetimes(_ environment: ServeEnvironment) throws -> ReportLifetimes {
            let missing = try BoundedOptions.missingMaxAgeDays.value(missingMaxAgeDays, environment)
            let found = try BoundedOptions.foundMaxAgeDays.value(foundMaxAgeDays, environment)
            return ReportLifetimes(missingDays: missing, foundDays: found)
        }
    }
#endif
