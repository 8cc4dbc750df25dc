/// Why a test could not get a real gpsd going; `description` says what to install or check.
public enum GPSDTestError: Error, Sendable, CustomStringConvertible {
    /// A tool is not installed.
    case missingTool(String, package: String)
    /// A process could not be started.
    case launchFailed(String, String)
    /// gpsd did not accept connections in time.
    case notListening(String, port: Int, output: String)
    /// A socket call failed.
    case socket(String)

    /// The message a person sees.
    public var description: String {
        switch self {
        case .missingTool(let tool, let package):
            "\(tool) is not installed: run scripts/install-deps --tests (Debian package \(package))."
        case .launchFailed(let command, let reason):
            "Could not start \(command): \(reason)"
        case .notListening(let command, let port, let output):
            "\(command) did not listen on 127.0.0.1:\(port) in time. Its output:\n\(output)"
        case .socket(let reason):
            "Socket error: \(reason)"
        }
    }
}
