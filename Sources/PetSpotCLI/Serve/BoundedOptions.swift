#if Server
    import Geodata
    import PetSpotService
    import ReportStore

    /// Every numeric `petspot serve` option, each declared once (``BoundedOption``): the options'
    /// `--help`, the variables table and the checks of their values all read these.
    enum BoundedOptions {
        static let port = BoundedOption(
            "--port", "port; 0 picks a free one", help: "The port; 0 picks a free one.", valueName: "port",
            default: 8080, 0...65_535)

        static let metricsPort = BoundedOption<Int, Int?>(
            "--metrics-port", "port of /metrics",
            help: "Serve /metrics (Prometheus) on this port of --metrics-host; 0 picks one.", valueName: "port",
            unset: "off", 0...65_535)

        static let matchMarginKm = BoundedOption(
            "--match-margin-km", "km added to circles in matches",
            help: "Kilometres added to every search circle when found and missing reports are matched.",
            valueName: "km", default: ServiceConfiguration.defaultMatchMargin.kilometers, 0...100, "km")

        static let publicPrecisionM = BoundedOption(
            "--public-precision-m", "grid strangers see missing places on",
            help: "Metres of the grid cell whose centre strangers see for a missing pet's last-seen place; the owner "
                + "and the operator see the exact place.",
            valueName: "m", default: PublicLocation.defaultPrecisionMeters, PublicLocation.precisionRange, "m")

        static let missingMaxAgeDays = BoundedOption(
            "--missing-max-age-days", "days a missing report stays open",
            help: "Days an open missing report lasts without renewal before it closes itself.", valueName: "days",
            default: ReportLifetimes.defaultMissingDays, ReportLifetimes.dayRange, "days")

        static let foundMaxAgeDays = BoundedOption(
            "--found-max-age-days", "days a found report stays open",
            help: "Days an open found report lasts without renewal before it closes itself.", valueName: "days",
            default: ReportLifetimes.defaultFoundDays, ReportLifetimes.dayRange, "days")

        static let mailLease = BoundedOption(
            "--mail-lease", "seconds a mail being sent is held",
            help: "Seconds a server holds a mail it is sending before another server (or this one, restarted) may "
                + "send it again.",
            valueName: "seconds", default: MailSettings.defaultLeaseSeconds, 10...86_400, "seconds")

        static let idleTimeout = BoundedOption(
            "--idle-timeout", "seconds idle before closing",
            help: "Close a connection idle this long, or whose request head or body stalls.", valueName: "seconds",
            default: ServiceLimits.defaultIdleSeconds, 0.1...3_600, "seconds")

        static let bodyTimeout = BoundedOption(
            "--body-timeout", "seconds for a request body", help: "A request body must arrive within this of its head.",
            valueName: "seconds", default: ServiceLimits.defaultBodySeconds, 0.1...3_600, "seconds")

        static let maxConnections = BoundedOption<Int, Int?>(
            "--max-connections", "connections open at once",
            help: "The most connections open at once (auto: the open-file limit less an eighth).", valueName: "n",
            unset: "auto", 1...1_000_000)

        static let bodyMemory = BoundedOption(
            "--body-memory", "MiB of request bodies at once",
            help: "Memory all request bodies being received may take together, in MiB; past it 503.",
            valueName: "mib", default: ServiceLimits.defaultBodyMemoryMiB, 16...65_536, "MiB (a photo may be 16)")

        static let rateLimit = BoundedOption(
            "--rate-limit", "changes a minute per client",
            help: "Changes (POST, PUT, PATCH, DELETE) a minute per client address; 0: no limit.", valueName: "n",
            default: ServiceLimits.defaultChangeRate.perMinute, 0...1_000_000)

        static let rateBurst = BoundedOption(
            "--rate-burst", "changes at once per client",
            help: "Changes one client may make at once before --rate-limit applies.", valueName: "n",
            default: ServiceLimits.defaultChangeRate.burst, 1...1_000_000)

        static let contactRateLimit = BoundedOption(
            "--contact-rate-limit", "contacts shown an hour per client",
            help: "Times an hour one client address is shown a report's contacts (GET /v1/reports/{id}/contact), "
                + "whatever --rate-limit says; 0: no limit.",
            valueName: "n", default: ServiceLimits.defaultContactsPerHour, 0...100_000)
    }
#endif
