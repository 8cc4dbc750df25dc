import Foundation
import Scenarios

/// Decodes scenario text the way files are loaded, with tracks from `tracks`.
func decodeScenario(
    _ text: String, file: String = "test.yaml", tracks: [String: String] = [:]
) throws(ScenarioError) -> Scenario {
    try ScenarioLibrary.decode(
        Data(text.utf8), file: file, name: "test",
        readFile: { name throws(ScenarioError) in
            guard let track = tracks[name] else { throw ScenarioError(file: name, message: "no such file") }
            return Data(track.utf8)
        })
}

/// The error decoding `text` throws, or nil when it decodes.
func decodingError(_ text: String, file: String = "test.yaml", tracks: [String: String] = [:]) -> ScenarioError? {
    do {
        _ = try decodeScenario(text, file: file, tracks: tracks)
        return nil
    } catch {
        return error
    }
}

/// The top-level `Scenarios/` folder of this package.
let scenariosFolder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Scenarios")
