import Foundation
import GPSDTestSupport
import LocationTestSupport
import Testing

/// The built `petspot` against a peer on the gpsd port that sends numbers no receiver sends.
/// Before the numbers were bounded, `"eph": 1e19` killed `locate` and `watch` in text mode
/// with SIGILL (exit 132) while rounding the accuracy to an integer.
@Suite("petspot locate and watch against a hostile gpsd peer", .serialized, .timeLimit(.minutes(5)))
struct HostileGPSDPeerCommandTests {
    static let version = #"{"class":"VERSION","release":"3.22","rev":"3.22","proto_major":3,"proto_minor":14}"#
    /// Warsaw with an accuracy past `Int`'s range and absurd altitude, speed and course; one
    /// second later at each `step` (the provider drops repeated receiver times).
    static func hostileReport(step: Int) -> String {
        let time = String(format: "2019-06-08T13:%02d:%02d.000Z", (step / 60) % 60, step % 60)
        return #"{"class":"TPV","device":"/dev/ttyUSB0","mode":3,"time":""#
            + time
            + #"","lat":52.2297,"lon":21.0122,"altMSL":1e300,"eph":1e19,"epv":1e19,"speed":1e300,"track":-1e30}"#
    }

    /// Runs each of `commands` (with `--gpsd` pointing at the peer) with permission granted,
    /// against a peer that sends VERSION and a hostile report every 50 ms to whoever connects.
    static func runAgainstHostilePeer(_ commands: [[String]]) async throws -> [PetSpotProcess.Output] {
        let home = try LocationCommandTests.Home()
        _ = try await PetSpotProcess.run(["permission", "grant"], environment: home.environment)
        let peer = try NMEAFeedServer()
        let feeder = peer.sendRepeatedly { step in [version, hostileReport(step: step)] }
        defer {
            feeder.cancel()
            peer.close()
        }
        var outputs: [PetSpotProcess.Output] = []
        for arguments in commands {
            outputs.append(
                try await PetSpotProcess.run(
                    arguments + ["--gpsd", "127.0.0.1:\(peer.port)"], environment: home.environment, timeout: 30))
        }
        return outputs
    }

    @Test func locateInTextModePrintsTheFixWithoutTheAbsurdAccuracy() async throws {
        let outputs = try await Self.runAgainstHostilePeer([["locate"], ["locate", "--json"]])
        let (text, json) = (outputs[0], outputs[1])
        #expect(text.status == 0, "stderr: \(text.stderr)")
        #expect(text.stdout == "52.22970, 21.01220\n")
        #expect(json.status == 0, "stderr: \(json.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["horizontalAccuracy"] is NSNull)
        #expect(object["altitude"] is NSNull)
        #expect(object["latitude"] as? Double == 52.2297)
    }

    @Test func watchInTextModePrintsTheFixes() async throws {
        let watch = try #require(try await Self.runAgainstHostilePeer([["watch", "--count", "2"]]).first)
        #expect(watch.status == 0, "stderr: \(watch.stderr)")
        #expect(watch.stdout.hasPrefix("52.22970, 21.01220\n"))
    }
}
