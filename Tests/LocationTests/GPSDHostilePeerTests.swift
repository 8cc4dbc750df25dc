import Foundation
import GPSDTestSupport
import Geodata
import Glibc
import LocationTestSupport
import Testing

@testable import Location

/// A peer on the gpsd port that speaks gpsd's JSON but means harm: numbers no receiver
/// sends, a line that never ends, a line longer than libgps buffers. The peer is a loopback
/// server the test runs (libgps' `?WATCH` goes to it unanswered, as gpsd's reply would not
/// matter either); the provider must give fixes with unknown values, use no CPU while a line
/// is incomplete, and end a garbage connection with a clear reason.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct GPSDHostilePeerTests {
    static let version = #"{"class":"VERSION","release":"3.22","rev":"3.22","proto_major":3,"proto_minor":14}"#
    /// Warsaw with every number out of range: accuracy past `Int`, altitude 1e300, speeds and
    /// course absurd, a time in the year 9999.
    static let hostileReport =
        #"{"class":"TPV","device":"/dev/ttyUSB0","mode":3,"time":"9999-12-31T23:59:59.000Z","lat":52.2297,"lon":21.0122,"altMSL":1e300,"altHAE":-1e300,"eph":1e19,"epv":1e19,"speed":1e300,"track":1e30}"#

    /// A peer, a ``LocationService`` on it (gpsd provider, 50–200 ms backoff) and a recorder of
    /// its updates.
    final class Peer: Sendable {
        let server: NMEAFeedServer
        let service: LocationService
        let recorder: UpdateRecorder

        init() throws {
            server = try NMEAFeedServer()
            service = GPSDProviderTests.service(port: server.port)
            recorder = UpdateRecorder(service)
        }

        /// Waits until the provider is connected to the peer.
        func connected() async throws -> Peer {
            try await recorder.waitFor(10, "connected to the peer") { $0.contains(.waitingForFix) }
            #expect(server.waitForReader(timeout: hangGuard))
            return self
        }

        /// The reasons of every `providerUnavailable` update so far.
        var unavailableReasons: [String] {
            recorder.updates.compactMap { update in
                if case .providerUnavailable(_, let reason) = update { reason } else { nil }
            }
        }

        deinit {
            recorder.cancel()
            server.close()
        }
    }

    @Test func hostileNumbersGiveAFixWithThoseValuesUnknown() async throws {
        let peer = try Peer()
        let feeder = peer.server.sendRepeatedly { _ in [Self.version, Self.hostileReport] }
        defer { feeder.cancel() }
        try await peer.recorder.waitFor(10, "a fix from the peer") { $0.contains { $0.fix != nil } }
        let fix = try #require(peer.recorder.fixes.first)
        #expect(fix.coordinate.formatted == "52.22970, 21.01220")
        #expect(fix.horizontalAccuracy == nil)
        #expect(fix.verticalAccuracy == nil)
        #expect(fix.altitude == nil)
        #expect(fix.speed == nil)
        #expect(fix.course == nil)
        #expect(fix.receiverTime == nil)
        #expect(fix.description == "52.22970, 21.01220")
    }

    @Test func aPartialLineCostsNoCPUAndItsRestGivesTheFix() async throws {
        let peer = try await Peer().connected()
        peer.server.send([Self.version])
        let report = GPSDChaosTests.validReport
        let cut = report.index(report.startIndex, offsetBy: 60)
        #expect(peer.server.send(unterminated: String(report[..<cut])) == 1)

        try await Task.sleep(for: .milliseconds(100))  // the reader has read the part
        let before = try ReaderCPU.seconds()
        try await Task.sleep(for: .seconds(1))
        let spent = try ReaderCPU.seconds() - before
        // Spinning on the partial line burnt a whole core (about 28,000 recvfrom a second).
        #expect(spent < 0.1, "the gpsd reader used \(spent) s of CPU in 1 s of silence after a partial line")
        #expect(GPSDProvider.openConnectionCount(to: GPSDEndpoint(host: "127.0.0.1", port: peer.server.port)) == 1)
        #expect(peer.unavailableReasons.isEmpty)
        #expect(peer.recorder.fixes.isEmpty)

        peer.server.send([String(report[cut...])])
        try await peer.recorder.waitFor(10, "the fix once the line is complete") { $0.contains { $0.fix != nil } }
        #expect(peer.recorder.fixes.first?.coordinate.formatted == "52.22970, 21.01220")
    }

    @Test func aLineLongerThanLibgpsBufferEndsTheConnectionWithAClearReason() async throws {
        let peer = try await Peer().connected()
        // A fix at its start, then padding past libgps' buffer: nothing of it may become a fix.
        let padding = String(repeating: "A", count: GPSDConnection.lineLimit + 10_000)
        peer.server.send(unterminated: #"{"class":"TPV","mode":3,"lat":52.2297,"lon":21.0122,"device":""# + padding)
        try await peer.recorder.waitFor(10, "providerUnavailable") { _ in !peer.unavailableReasons.isEmpty }
        let reason = peer.unavailableReasons.first
        #expect(reason == GPSDConnectionError.lineTooLong(limit: GPSDConnection.lineLimit).description)
        #expect(reason?.contains("longer than 20480 bytes") == true)
        #expect(peer.recorder.fixes.isEmpty)
    }

    /// libgps 3.22's parser loops forever on these (found by `FuzzGPSDReport`): a peer that
    /// sent one froze the reader thread, and with it every gpsd connection of the process.
    static let linesThatHangLibgps = [
        #"{"class""class":"TPV"}"#, #"{"class""class":"SKY"}"#, #"{"class""class":"GST"}"#,
        #"{"class":"DEVICES","devices":[{"class":"DEVICE","path":"/dev/"# + String(repeating: "A", count: 200)
            + #""}]}"#,
    ]

    @Test func linesThatHangLibgpsParserAreSkippedAndTheNextReportGivesTheFix() async throws {
        let peer = try await Peer().connected()
        peer.server.send(Self.linesThatHangLibgps + [GPSDChaosTests.validReport])
        try await peer.recorder.waitFor(10, "the fix after the lines") { $0.contains { $0.fix != nil } }
        #expect(peer.recorder.fixes.first?.coordinate.formatted == "52.22970, 21.01220")
        #expect(peer.unavailableReasons.isEmpty)
    }

    @Test func aPeerThatHangsUpMidLineIsALostConnection() async throws {
        let peer = try await Peer().connected()
        peer.server.send(unterminated: String(GPSDChaosTests.validReport.prefix(60)))
        try await Task.sleep(for: .milliseconds(100))
        peer.server.dropReaders()
        try await peer.recorder.waitFor(10, "providerUnavailable") { _ in !peer.unavailableReasons.isEmpty }
        #expect(peer.unavailableReasons.first == GPSDConnectionError.lost.description)
        #expect(peer.recorder.fixes.isEmpty)
    }
}

/// CPU time of the gpsd reader thread (`petspot.gpsd`), from `/proc/self/task/*/stat`.
enum ReaderCPU {
    struct NotFound: Error, CustomStringConvertible {
        var description: String { "no thread named petspot.gpsd in /proc/self/task" }
    }

    /// User plus system time, seconds (10 ms resolution).
    static func seconds() throws -> Double {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        for task in tasks {
            let comm = (try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8)) ?? ""
            guard comm.trimmingCharacters(in: .whitespacesAndNewlines) == "petspot.gpsd",
                let stat = try? String(contentsOfFile: "/proc/self/task/\(task)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { continue }
            // After "pid (comm)": state is field 3, utime 14, stime 15.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { continue }
            return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
        }
        throw NotFound()
    }
}
