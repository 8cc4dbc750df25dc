import ArgumentParser
import Location
import Scenarios

#if canImport(Glibc)
    import Glibc
#endif

extension PetSpot {
    /// `petspot locate`: one fix from gpsd.
    struct Locate: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print the current position from gpsd, once.",
            discussion: """
                Asks for location permission the first time (on the terminal; with no \
                terminal it is not granted: use `petspot permission grant`). Waits for the \
                first fix at least as accurate as --accuracy, or prints the best one seen \
                when --timeout ends. While it waits, a status line on standard error (when \
                that is a terminal) says what it is waiting for, what gpsd reports and how \
                long it has waited.

                Output: "52.22970, 21.01220 ±4 m". With --json: {"latitude", "longitude", \
                "formatted": {"latitude", "longitude"}, "horizontalAccuracy", "altitude", \
                "time", "mode", "source"}; on failure {"error", "message"}.

                Exit status: 0 fix, 2 permission denied or restricted, 3 no fix in time, \
                4 gpsd unavailable, 64 usage error, 65 scenario file error. With \
                --scenario the request is played through that scenario (its permission \
                script and receiver timeline, on a virtual clock) instead of gpsd.
                """
        )

        @OptionGroup var gpsd: GPSDOptions

        @OptionGroup var scenario: ScenarioSourceOption

        @Option(help: ArgumentHelp("How long to wait for a fix.", valueName: "seconds"), transform: PlainNumber.option)
        var timeout: Double = 30

        @Option(
            help: ArgumentHelp("The largest acceptable horizontal accuracy.", valueName: "meters"),
            transform: PlainNumber.option)
        var accuracy: Double?

        @OptionGroup var output: JSONOutputOption

        func validate() throws {
            guard timeout.isFinite, timeout > 0, timeout <= 86_400 else {
                throw ValidationError("--timeout must be a number of seconds above 0 (at most 86400).")
            }
            if let accuracy, !(accuracy.isFinite && accuracy > 0) {
                throw ValidationError("--accuracy must be a number of meters above 0.")
            }
        }

        func run() async throws {
            let request = ConsumerAction.LocationRequest(
                timeout: ScenarioDuration(.milliseconds(Int64((timeout * 1000).rounded()))), accuracy: accuracy,
                maximumAge: ScenarioDuration(.zero))
            if let played = try await scenario.play([.requestAuthorization, .requestLocation(request)]) {
                guard let result = played.requests.last else { throw ExitCode(2) }
                if let fix = result.fix {
                    print(output.json ? LocationJSON.fix(fix) : fix.description)
                    return
                }
                let error = result.error ?? .cancelled
                LocationOutput.fail(error, json: output.json)
                throw ExitCode(LocationOutput.exitCode(error))
            }
            let service = makeLocationService(endpoint: try gpsd.endpoint())
            try await requireAuthorization(service, json: output.json)
            let waiting = StatusLine(enabled: isatty(STDERR_FILENO) == 1)
                .waiting(for: service, source: "gpsd at \(gpsd.address)", timeout: timeout)
            do {
                let fix = try await service.requestLocation(
                    timeout: .milliseconds(Int64((timeout * 1000).rounded())), desiredAccuracy: accuracy,
                    maximumAge: .zero)
                await waiting.stop()
                print(output.json ? LocationJSON.fix(fix) : fix.description)
            } catch {
                await waiting.stop()
                LocationOutput.fail(error, json: output.json)
                throw ExitCode(LocationOutput.exitCode(error))
            }
        }
    }
}
