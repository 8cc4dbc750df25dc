import Foundation
import GPSDTestSupport
import Geodata
import Location
import LocationTestSupport
import Testing

/// Untrusted input on the gpsd side: a peer on the gpsd port that speaks garbage, and a gpsd
/// that is killed and restarted over and over under a running `watch`. The service must
/// report states, reconnect, keep its timeouts and its memory, and never crash.
@Suite(.serialized, .enabled(if: GPSDTools.shouldRunGPSDTests), .timeLimit(.minutes(5)))
struct GPSDChaosTests {
    /// A TPV report as gpsd 3.22 writes it, for Warsaw.
    static let validReport =
        #"{"class":"TPV","device":"/dev/ttyUSB0","mode":3,"time":"2019-06-08T13:20:00.000Z","ept":0.005,"lat":52.229700000,"lon":21.012200000,"altMSL":100.0,"epx":3.1,"epy":4.2,"epv":7.5,"track":0.0,"speed":0.0}"#

    /// What a broken or hostile peer sends: a protocol version from the future, a truncated
    /// report, a line over 10 KB, binary noise, a report with NaN-like values.
    static var garbage: [String] {
        var noise = SystemRandomNumberGenerator()
        let binary = String(decoding: (0..<4096).map { _ in UInt8.random(in: 0...255, using: &noise) }, as: UTF8.self)
        return [
            #"{"class":"VERSION","release":"99.0","rev":"99.0","proto_major":99,"proto_minor":0}"#,
            #"{"class":"TPV","device":"/dev/ttyUSB0","mode":3,"lat":52.22"#,
            String(repeating: "A", count: 12_000),
            binary,
            #"{"class":"TPV","mode":3,"lat":"nan","lon":1e999,"epx":-1}"#,
            "\u{0}\u{0}\u{0}",
        ]
    }

    @Test func aPeerSendingGarbageGivesStatesAndTimeoutsNotACrashOrAHang() async throws {
        let peer = try NMEAFeedServer()
        defer { peer.close() }
        let service = GPSDProviderTests.service(port: peer.port)
        let recorder = UpdateRecorder(service)
        defer { recorder.cancel() }
        #expect(peer.waitForReader(timeout: hangGuard), "the provider connects to the peer")

        for round in 0..<20 {
            peer.send(Self.garbage)
            if round % 5 == 4 { peer.dropReaders() }  // and hang up now and then
            try await Task.sleep(for: .milliseconds(20))
        }
        // Then nothing at all: a request ends at its timeout, with a typed error.
        let started = ContinuousClock.now
        let error = await requestError(service, timeout: .seconds(2))
        let waited = ContinuousClock.now - started
        #expect(waited < .seconds(6), "the request ended \(waited) after it started, its timeout was 2 s")
        switch error {
        case .noFix, .providerUnavailable: break
        default: Issue.record("expected noFix or providerUnavailable, got \(String(describing: error))")
        }
        // Nothing in the garbage was taken for a fix; the service said what it saw.
        #expect(recorder.fixes.isEmpty, "fixes from garbage: \(recorder.fixes)")
        #expect(recorder.updates.contains { $0.stateName == "providerUnavailable" })
        #expect(await service.isProviderRunning, "the provider keeps trying")
    }

    @Test func afterGarbageAndHangUpsAValidReportStillGivesTheFix() async throws {
        let peer = try NMEAFeedServer()
        defer { peer.close() }
        let service = GPSDProviderTests.service(port: peer.port)
        let recorder = UpdateRecorder(service)
        defer { recorder.cancel() }
        #expect(peer.waitForReader(timeout: hangGuard))
        peer.send(Self.garbage)
        peer.dropReaders()
        // The provider reconnects (backoff 50–200 ms); keep offering good reports meanwhile.
        let feeder = peer.sendRepeatedly { _ in [Self.validReport] }
        defer { feeder.cancel() }
        try await recorder.waitFor(15, "a fix after the garbage") { !$0.compactMap(\.fix).isEmpty }
        #expect(recorder.fixes.first?.coordinate.formatted == "52.22970, 21.01220")
        #expect(recorder.fixes.first?.horizontalAccuracy != nil)
    }

    @Test func aWatchSurvivesGPSDKilledAndRestartedManyTimesWithFlatMemory() async throws {
        let feed = try NMEAFeedServer()
        defer { feed.close() }
        let gpsd = try GPSDDaemon.start(feed: feed)
        defer { gpsd.kill() }
        let feeder = feed.sendRepeatedly(
            NMEA.standing(latitude: 52.2297, longitude: 21.0122, from: GPSDProviderTests.logDate))
        defer { feeder.cancel() }
        let service = GPSDProviderTests.service(port: gpsd.port)
        let recorder = UpdateRecorder(service)
        defer { recorder.cancel() }
        try await recorder.waitFor(15, "a first fix") { $0.contains { $0.fix != nil } }

        let restarts = 25
        var residentAfterFirst: Int?
        for restart in 1...restarts {
            let before = recorder.updates.count
            gpsd.kill()
            try await recorder.waitFor(10, "providerUnavailable after kill \(restart)") {
                $0.dropFirst(before).contains { $0.stateName == "providerUnavailable" }
            }
            let lost =
                recorder.updates.indices.dropFirst(before).first {
                    recorder.updates[$0].stateName == "providerUnavailable"
                } ?? before
            try gpsd.restart()
            try await recorder.waitFor(15, "a fix after restart \(restart)") {
                $0.dropFirst(lost + 1).contains { $0.fix != nil }
            }
            if restart == 1 { residentAfterFirst = ResidentMemory.current }
        }
        let fixes = recorder.fixes
        let outages = recorder.updates.filter { $0.stateName == "providerUnavailable" }.count
        #expect(outages >= restarts, "\(outages) providerUnavailable updates for \(restarts) kills")
        #expect(fixes.allSatisfy { $0.coordinate.formatted == "52.22970, 21.01220" })
        // Memory: what the later restarts added stays small (connections, buffers released).
        if let first = residentAfterFirst, let last = ResidentMemory.current {
            let growth = last - first
            #expect(growth < 16 << 20, "resident memory grew \(growth >> 10) KiB over \(restarts - 1) restarts")
        }
    }
}

/// This process' resident set size in bytes, from /proc/self/statm.
enum ResidentMemory {
    static var current: Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}
