import ArgumentParser
import PetSpotService

/// `petspot serve`'s limits: what one client may take of the server, and all together
/// (`ServiceLimits`; Docs/Service.md, Security).
struct ServeLimitOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Close a connection idle this long, or whose request head or body stalls (seconds).",
            valueName: "seconds"))
    var idleTimeout: Double = 15

    @Option(help: ArgumentHelp("A request body must arrive within this of its head (seconds).", valueName: "seconds"))
    var bodyTimeout: Double = 120

    @Option(
        help: ArgumentHelp(
            "The most connections open at once (default: the open-file limit less an eighth).", valueName: "n"))
    var maxConnections: Int?

    @Option(
        help: ArgumentHelp(
            "Memory all request bodies being received may take together, in MiB; past it 503.", valueName: "mib"))
    var bodyMemory: Int = 64

    @Option(
        help: ArgumentHelp(
            "Changes (POST, PUT, PATCH, DELETE) a minute per client address; 0: no limit.", valueName: "n"))
    var rateLimit: Int = 60

    @Option(help: ArgumentHelp("Changes one client may make at once before --rate-limit applies.", valueName: "n"))
    var rateBurst: Int = 30

    func validate() throws {
        guard (0.1...3_600).contains(idleTimeout) else {
            throw ValidationError("--idle-timeout must be from 0.1 to 3600 seconds.")
        }
        guard (0.1...3_600).contains(bodyTimeout) else {
            throw ValidationError("--body-timeout must be from 0.1 to 3600 seconds.")
        }
        if let maxConnections, !(1...1_000_000).contains(maxConnections) {
            throw ValidationError("--max-connections must be from 1 to 1000000.")
        }
        guard (16...65_536).contains(bodyMemory) else {
            throw ValidationError("--body-memory must be from 16 to 65536 MiB (a photo may be 16 MiB).")
        }
        guard (0...1_000_000).contains(rateLimit) else {
            throw ValidationError("--rate-limit must be from 0 to 1000000.")
        }
        guard (1...1_000_000).contains(rateBurst) else {
            throw ValidationError("--rate-burst must be from 1 to 1000000.")
        }
    }

    /// The limits these options give.
    var limits: ServiceLimits {
        ServiceLimits(
            idleTimeout: .milliseconds(Int64((idleTimeout * 1000).rounded())),
            bodyTimeout: .milliseconds(Int64((bodyTimeout * 1000).rounded())), maximumConnections: maxConnections,
            bodyMemoryBudget: bodyMemory * 1_048_576,
            changeRate: rateLimit == 0 ? nil : RateLimit(perMinute: rateLimit, burst: rateBurst))
    }
}
