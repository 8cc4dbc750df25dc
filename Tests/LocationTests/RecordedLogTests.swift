import Foundation
import GPSDTestSupport
import Geodata
import Location
import Testing

/// Receiver logs under `Resources/` replayed by gpsfake through a real gpsd.
@Suite(.serialized, .enabled(if: GPSDTools.shouldRunGPSDTests), .timeLimit(.minutes(1)))
struct RecordedLogTests {
    /// 21.01220 … 21.01310: the walk of the log's ten fix epochs.
    static let walk = (0..<10).map { FiveDecimalFormat.string(21.0122 + Double($0) * 0.0001) }

    @Test(arguments: ["receiver-cold-start.nmea", "receiver-cold-start.gpspipe.jsonl"])
    func aColdStartLogGivesEveryEpochOnceInOrderAfterTheNoFixStart(log: String) async throws {
        let name = (log as NSString).deletingPathExtension
        let url = try #require(
            Bundle.module.url(
                forResource: name, withExtension: (log as NSString).pathExtension, subdirectory: "Resources"))
        let fake = try GPSFake.start(logFile: url, cycle: 0.01)
        defer { fake.stop() }
        let service = GPSDProviderTests.service(port: fake.port)
        let recorder = UpdateRecorder(service)
        defer { recorder.cancel() }
        // The log loops: wait for a pass that starts with its no-fix epochs and reaches the end.
        try await recorder.waitFor(20, "a whole pass of the log") { updates in
            guard let start = updates.firstIndex(where: { $0 == .fixLost }) else { return false }
            return updates[start...].contains { $0.fix?.coordinate.longitude.formatted == Self.walk.last }
        }
        let updates = recorder.updates
        let start = try #require(updates.firstIndex(of: .fixLost))
        let pass = updates[start...].prefix { $0.fix?.coordinate.longitude.formatted != Self.walk.last }
        let fixes =
            Array(pass.compactMap(\.fix)) + [
                try #require(updates[start...].first { $0.fix?.coordinate.longitude.formatted == Self.walk.last }?.fix)
            ]
        #expect(fixes.map(\.coordinate.longitude.formatted) == Self.walk)
        #expect(fixes.allSatisfy { $0.coordinate.latitude.formatted == "52.22970" && $0.mode == .threeDimensional })
        #expect(fixes.allSatisfy { $0.altitude == 110.5 })
        // The receiver's 2019 clock is reported as-is, not trusted for freshness.
        let times = fixes.compactMap(\.receiverTime)
        #expect(times.count >= 8)
        // 2019-06-15 09:30:00–09:30:13 UTC, as the log says.
        let logTimes = 1_560_591_000.0...1_560_591_013.0
        #expect(times.allSatisfy { logTimes.contains($0.timeIntervalSince1970) })
        #expect(fixes.contains { $0.satellitesUsed == 7 })
    }
}
