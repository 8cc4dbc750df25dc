import Foundation
import FuzzSupport
import Scenarios

/// Fuzzes scenario files (YAML, and JSON through the same path): whatever the bytes, decoding
/// gives a scenario within the documented limits or a `ScenarioError` whose message names the
/// file — never a crash, never an unbounded expansion (billion laughs).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScenarioFile(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(bytes: data, count: size)
    do {
        let scenario = try ScenarioLibrary.decode(
            bytes, file: "fuzz.yaml", name: "fuzz",
            readFile: { path throws(ScenarioError) in Data() })
        require(scenario.timeline.count <= ScenarioLimits.maximumEvents, "\(scenario.timeline.count) events")
        require(scenario.consumer.count <= ScenarioLimits.maximumActions, "\(scenario.consumer.count) actions")
        let last = scenario.timeline.last?.time ?? .zero
        require(last <= .seconds(ScenarioLimits.maximumDurationSeconds), "timeline of \(last)")
        for event in scenario.timeline {
            require(event.time >= .zero, "an event before the start: \(event.time)")
        }
    } catch {
        // A problem in the file names it; one in a track it refers to names the track file,
        // whose extension may be written in any case (`walk.GPX` is GPX).
        let text = error.description.lowercased()
        let named = ["fuzz.yaml", ".gpx:", ".nmea:"].contains { text.contains($0) }
        require(named, "error without a file name: \(error)")
    }
    return 0
}
