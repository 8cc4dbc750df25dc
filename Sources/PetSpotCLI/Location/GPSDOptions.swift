import ArgumentParser
import Location

/// `--gpsd HOST[:PORT[:DEVICE]]`, shared by `locate`, `watch`, `record` and the report wizards.
struct GPSDOptions: ParsableArguments {
    @Option(
        name: .customLong("gpsd"),
        help: ArgumentHelp(
            "Where gpsd listens, and optionally which of its receivers to watch (only that device's "
                + "fixes arrive): HOST, HOST:PORT, HOST:PORT:DEVICE, HOST::DEVICE or [IPv6]:PORT[:DEVICE], "
                + "as gpsd's own clients take it (localhost:2947:/dev/ttyUSB0).",
            valueName: "host[:port[:device]]"))
    var address = "localhost:2947"

    /// The parsed address.
    func endpoint() throws -> GPSDEndpoint {
        do {
            return try GPSDEndpoint(parsing: address)
        } catch {
            throw ValidationError(error.description)
        }
    }

    func validate() throws {
        _ = try endpoint()
    }
}

/// The service the CLI uses: gpsd at `endpoint`, the persisted consent (asking on the
/// terminal), the real clock; `updateBufferSize` updates kept for a consumer that falls behind.
func makeLocationService(
    endpoint: GPSDEndpoint, updateBufferSize: Int = 16, multiplexer: GPSDMultiplexer = .shared,
    executor: (any TaskExecutor)? = nil
) -> LocationService {
    LocationService(
        provider: GPSDProvider(endpoint: endpoint, multiplexer: multiplexer),
        authorizer: PersistedConsentAuthorizer(prompt: TerminalPrompt.askForLocationPermission),
        updateBufferSize: updateBufferSize, executor: executor)
}

/// Asks for permission when not determined; when not granted prints why (and how to grant)
/// to stderr and exits with status 2.
func requireAuthorization(_ service: LocationService, json: Bool) async throws {
    PetSpot.Permission.warn(RestrictionPolicy.system)
    let status = await service.requestWhenInUseAuthorization()
    guard !status.isAuthorized, let error = LocationError(status: status) else { return }
    var message = error.description
    if status == .restricted, let explanation = RestrictionPolicy.system.explanation() { message = explanation }
    if status == .notDetermined && !TerminalPrompt.canAsk {
        message =
            "No terminal to ask for location permission, so it is not granted. Allow it with `petspot permission grant`."
    }
    LocationOutput.fail(code: status.rawValue, message: message, json: json)
    throw ExitCode(2)
}
