import ReportSteps

/// What one client may take of the server, and what all clients together may: the sizes of
/// what a request may send (fixed), and the time, connection, memory and rate limits that keep
/// a hostile or merely slow client from taking the server down (set by the operator:
/// `petspot serve --idle-timeout …`; every number is in `Docs/Service.md`, Security).
public struct ServiceLimits: Sendable {
    /// The largest request body: a scenario document posted to
    /// `POST /v1/scenarios/{name}/run` (256 KiB). Larger bodies get 413.
    public static let maximumBodyBytes = 256 * 1024
    /// The largest photo (`PUT /v1/reports/{id}/photo`, `POST /v1/report-photos/{flow}`, the
    /// photo in Submit report): the photo steps' own limit, ``PhotoStep/maximumByteCount``
    /// (10 MB), so a photo a step took is never refused later. Larger bodies get 413.
    public static let maximumPhotoBytes = PhotoStep.maximumByteCount
    /// The largest Submit report (`POST /v1/report-steps/{flow}/{last step}`): a JSON body
    /// with the photo in base64 (four bytes for every three).
    public static let maximumSubmitBytes = maximumBodyBytes + (maximumPhotoBytes + 2) / 3 * 4
    /// The longest `timeout` of `GET /v1/location`, in seconds.
    public static let maximumLocationTimeout = 300.0

    // `petspot serve`'s defaults, in the units of its options (which show these): ``init``
    // takes them unless told otherwise.

    /// ``idleTimeout``'s default, in seconds.
    public static let defaultIdleSeconds = 15.0
    /// ``bodyTimeout``'s default, in seconds.
    public static let defaultBodySeconds = 120.0
    /// ``bodyMemoryBudget``'s default, in MiB.
    public static let defaultBodyMemoryMiB = 64
    /// ``changeRate``'s default: 60 a minute, 30 at once.
    public static let defaultChangeRate = RateLimit(perMinute: 60, burst: 30)
    /// ``contactsPerHour``'s default.
    public static let defaultContactsPerHour = 20

    /// A connection is closed when nothing arrives on it for this long while no request is
    /// being answered: between requests, while a request head is still arriving, and between
    /// the pieces of a body (15 s). Streams being answered (`/v1/location/updates`) are not idle.
    public var idleTimeout: Duration
    /// A request's body must have arrived this long after its head (120 s: a Submit report with
    /// a 10 MB photo at about 1 Mbit/s); past it the server answers 408 and closes the connection.
    public var bodyTimeout: Duration
    /// The most connections open at once; `nil`: the open-file limit less a reserve for the
    /// store, gpsd and the process itself (``ConnectionLimit``). Past it, new connections wait
    /// in the listen backlog until one closes.
    public var maximumConnections: Int?
    /// The memory all request bodies being received may take together (64 MiB); a body that
    /// would go past it is refused with 503 and `Retry-After`.
    public var bodyMemoryBudget: Int
    /// How often one client (one IPv4 address, one IPv6 /64) may create or change something
    /// (`POST`, `PUT`, `PATCH`, `DELETE`); `nil`: no limit.
    public var changeRate: RateLimit?
    /// How many times an hour one client may be handed a report's contacts
    /// (`GET /v1/reports/{id}/contact`) as a stranger, whatever ``changeRate`` says (20: the
    /// whole hourly budget at once, then one every 3 minutes); `nil`: no limit.
    public var contactsPerHour: Int?
    /// Scenario runs (`POST /v1/scenarios/{name}/run`) admitted at once, running or waiting
    /// for the scenario thread (8); more get 503 and `Retry-After`.
    public var scenarioRunsAdmitted: Int

    /// The limits of `petspot serve`: 15 s idle, 120 s for a body, connections from the
    /// open-file limit, 64 MiB of bodies, 60 changes a minute per client (30 at once), 8
    /// scenario runs.
    public init(
        idleTimeout: Duration = .seconds(defaultIdleSeconds), bodyTimeout: Duration = .seconds(defaultBodySeconds),
        maximumConnections: Int? = nil, bodyMemoryBudget: Int = defaultBodyMemoryMiB * 1_048_576,
        changeRate: RateLimit? = defaultChangeRate, scenarioRunsAdmitted: Int = 8,
        contactsPerHour: Int? = defaultContactsPerHour
    ) {
        self.idleTimeout = idleTimeout
        self.bodyTimeout = bodyTimeout
        self.maximumConnections = maximumConnections
        self.bodyMemoryBudget = bodyMemoryBudget
        self.changeRate = changeRate
        self.scenarioRunsAdmitted = scenarioRunsAdmitted
        self.contactsPerHour = contactsPerHour
    }

    /// No rate limit and generous sizes: for tests that make many changes in a row.
    public static var unlimitedRate: ServiceLimits { ServiceLimits(changeRate: nil, contactsPerHour: nil) }
}

/// A token bucket's settings: `burst` requests at once, refilled at `perMinute`.
public struct RateLimit: Sendable, Hashable {
    /// Requests a minute, on average.
    public var perMinute: Int
    /// Requests at once before the average applies.
    public var burst: Int

    public init(perMinute: Int, burst: Int) {
        self.perMinute = perMinute
        self.burst = burst
    }
}
