import ArgumentParser
import Foundation
import Location
import Scenarios

#if canImport(Glibc)
    import Glibc
#endif

extension PetSpot {
    /// `petspot watch`: live fixes from gpsd.
    struct Watch: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print fixes from gpsd as they arrive, until Ctrl-C, --count fixes or --seconds.",
            discussion: """
                One line per fix on stdout ("52.22970, 21.01220 ±4 m"); state changes \
                (waiting for a fix, fix lost, gpsd unavailable — it reconnects by itself) on \
                stderr. On a terminal a live status line shows fix or no fix, satellites and \
                accuracy. With --json: NDJSON on stdout, each fix in the schema of \
                `locate --json`, each state change as {"state", "message"}, and \
                {"state": "dropped", "count": N} when stdout could not keep up and N \
                updates were skipped (newest wins; in text mode a message on stderr).

                --count and --seconds can be given together (like gpspipe's -n and -x): \
                the watch ends at whichever comes first. With --scenario, --seconds is \
                played on the scenario's virtual clock.

                Exit status: 0 after Ctrl-C, --count fixes or --seconds, 2 permission \
                denied or restricted, 64 usage error.
                """
        )

        @OptionGroup var gpsd: GPSDOptions

        @OptionGroup var scenario: ScenarioSourceOption

        @Option(help: ArgumentHelp("Stop after this many fixes.", valueName: "n"))
        var count: Int?

        @Option(
            help: ArgumentHelp("Stop after this many seconds (like gpspipe -x).", valueName: "seconds"),
            transform: PlainNumber.option)
        var seconds: Double?

        @Flag(help: "Print NDJSON (one JSON object per line) instead of text.")
        var json = false

        func validate() throws {
            if let count, count < 1 { throw ValidationError("--count must be at least 1.") }
            if let seconds, !(seconds.isFinite && seconds > 0 && seconds <= 86_400) {
                throw ValidationError("--seconds must be a number of seconds above 0 (at most 86400).")
            }
        }

        func run() async throws {
            let printer = WatchPrinter(json: json, count: count)
            // A scenario plays instantly: the updates its watch received, then its end.
            let duration = seconds.map { ScenarioDuration(.milliseconds(Int64(($0 * 1000).rounded()))) }
            if let played = try await scenario.play([.requestAuthorization, .watch(count: count, duration: duration)]) {
                printer.print(played.updates)
                if !played.finalAuthorization.isAuthorized,
                    let error = LocationError(status: played.finalAuthorization.status)
                {
                    LocationOutput.fail(error, json: json)
                    throw ExitCode(2)
                }
                return
            }
            // One thread from gpsd's socket to stdout: the service and the printer run on the
            // loop the gpsd provider reads on (Docs/Location.md).
            let multiplexer = GPSDMultiplexer.shared
            let loop = multiplexer.loop
            let service = makeLocationService(
                endpoint: try gpsd.endpoint(), updateBufferSize: WatchPrinter.bufferSize, multiplexer: multiplexer,
                executor: loop)
            try await requireAuthorization(service, json: json)
            // Ctrl-C and SIGTERM end the watch cleanly (stop iterating, clear the status line),
            // and so does the end of --seconds.
            await SignalTrap.run(
                cancellingOn: [SIGINT, SIGTERM], orAfter: seconds.map { .milliseconds(Int64(($0 * 1000).rounded())) },
                executorPreference: loop
            ) {
                await printer.stream(service.updates.makeAsyncIterator(), on: loop)
            }
        }
    }
}
