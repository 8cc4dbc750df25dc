import Foundation
import GPSDTestSupport
import LocationTestSupport
import Testing

/// `petspot watch --json` on a real gpsd at full speed: every fix of a `gpsfake -c 0` log
/// arrives while stdout keeps up, and a reader that falls behind (a feed the test serves in
/// one burst) is told how many were dropped. Counted, not timed.
@Suite("petspot watch at full speed", .serialized, .timeLimit(.minutes(3)))
struct WatchThroughputTests {
    static let logDate = Date(timeIntervalSince1970: 1_560_000_000)

    /// Epochs `indices` with latitude `base + index · 0.00001` and one second apart.
    static func epochs(_ indices: Range<Int>, base: Double, firstSecond: Int) -> [String] {
        indices.flatMap { index in
            NMEA.epoch(
                latitude: base + Double(index) * 0.00001, longitude: 21.0122,
                time: logDate.addingTimeInterval(Double(firstSecond + index)))
        }
    }

    /// gpsd on a feed the test serves, and `petspot watch --json` reading it through a pipe.
    final class Setup {
        let home: LocationCommandTests.Home
        let feed: NMEAFeedServer
        let gpsd: GPSDDaemon
        /// Foundation's Process, not ProcessRun: watch runs while the test feeds gpsd and reads
        /// (or stops reading) its output.
        let watch = Process()
        let output: PausableReader
        var nextSecond = 0

        init(arguments: [String] = []) async throws {
            home = try LocationCommandTests.Home()
            _ = try await PetSpotProcess.run(["permission", "grant"], environment: home.environment)
            feed = try NMEAFeedServer()
            gpsd = try GPSDDaemon.start(feed: feed)
            let pipe = Pipe()
            watch.executableURL = PetSpotProcess.binary
            watch.arguments = ["watch", "--json", "--gpsd", "127.0.0.1:\(gpsd.port)"] + arguments
            watch.environment = ProcessInfo.processInfo.environment.merging(home.environment) { $1 }
            watch.standardOutput = pipe
            watch.standardError = FileHandle.nullDevice
            watch.standardInput = FileHandle.nullDevice
            try watch.run()
            output = PausableReader(pipe.fileHandleForReading)
        }

        /// Sends epochs every 20 ms until watch prints a fix (and 20 at least, so that gpsd
        /// has learned which sentence ends a cycle).
        func warmUp() throws {
            for sent in 1...1500 {
                feed.send(WatchThroughputTests.epochs(0..<1, base: 1, firstSecond: nextSecond))
                nextSecond += 1
                usleep(20_000)
                if sent >= 20, output.lines.contains(where: { $0.contains("\"1.00000\"") }) { return }
            }
            throw WatchTestFailure(message: "watch printed no fix during the warm-up")
        }

        /// Sends `count` epochs at once (latitudes from 10.0); returns their latitudes as printed.
        func burst(_ count: Int) -> Set<String> {
            feed.send(WatchThroughputTests.epochs(0..<count, base: 10, firstSecond: nextSecond))
            nextSecond += count
            return Set((0..<count).map { String(format: "\"%.5f\"", 10 + Double($0) * 0.00001) })
        }

        deinit {
            if watch.isRunning {
                watch.terminate()
                watch.waitUntilExit()
            }
            gpsd.kill()
            feed.close()
        }
    }

    struct WatchTestFailure: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    /// The `"formatted"` latitude of a fix line, such as `"10.00001"` (with the quotes).
    static func formattedLatitude(_ line: String) -> String? {
        guard let range = line.range(of: "\"formatted\":{\"latitude\":") else { return nil }
        return String(line[range.upperBound...].prefix(10))
    }

    /// Sends `count` epochs (latitudes from 10.0) one every `interval`, busy-waiting between
    /// them (a sleep that short oversleeps), from a thread of its own, but never more than
    /// `ahead` epochs past what watch has printed; returns their latitudes as printed.
    ///
    /// On an idle machine watch keeps up and the window never closes: the stream is the full
    /// speed of `interval`. On a loaded one (the suite beside a CPU hog) the starved watch
    /// would fall a whole buffer behind a sender paced by the wall clock and drop the oldest
    /// fixes, as it is made to (`aReaderThatFallsBehindIsToldHowManyFixesWereDropped`): then
    /// the sender waits for watch's output, an event, and the test still checks that nothing
    /// is lost when watch is not overrun.
    func stream(_ setup: Setup, count: Int, every interval: Duration, ahead: Int = 256) -> Set<String> {
        let epochs = (0..<count).map { Self.epochs($0..<$0 + 1, base: 10, firstSecond: setup.nextSecond) }
        setup.nextSecond += count
        let feed = setup.feed
        let output = setup.output
        let printedBefore = output.completeLines
        Thread.detachNewThread {
            let clock = ContinuousClock()
            var next = clock.now
            for (index, epoch) in epochs.enumerated() {
                while index - (output.completeLines - printedBefore) > ahead { usleep(200) }
                while clock.now < next {}
                feed.send(epoch)
                next = next + interval
            }
        }
        return Set((0..<count).map { String(format: "\"%.5f\"", 10 + Double($0) * 0.00001) })
    }

    /// A full-speed log, as `gpsfake -c 0` plays one (an epoch every few hundred µs, thousands a
    /// second), from a feed the test serves: the feed starts once watch prints fixes, so no
    /// epoch can go by before watch is connected. (With gpsfake, which starts playing about
    /// 1.1 s after its port accepts whether a client is there or not, a watch that took longer
    /// to start on a loaded machine missed the first epochs: 998 of 1,000.)
    @Test(.enabled(if: GPSDTools.shouldRunGPSDTests))
    func watchPrintsEveryFixOfAFullSpeedLogWhileItsOutputKeepsUp() async throws {
        let setup = try await Setup()
        try setup.warmUp()
        let count = 3000
        let expected = stream(setup, count: count, every: .microseconds(300))
        let last = String(format: "\"%.5f\"", 10 + Double(count - 1) * 0.00001)
        #expect(setup.output.waitFor(seconds: 90) { $0.contains { $0.contains(last) } }, "the log's last fix")
        let lines = setup.output.lines
        let printed = lines.compactMap(Self.formattedLatitude).filter(expected.contains)
        #expect(printed.count == count, "every epoch once")
        #expect(Set(printed) == expected)
        #expect(!lines.contains { $0.contains("\"dropped\"") })
    }

    @Test(.enabled(if: GPSDTools.shouldRunGPSDTests))
    func aReaderThatFallsBehindIsToldHowManyFixesWereDropped() async throws {
        let setup = try await Setup()
        try setup.warmUp()
        setup.output.pause()
        let count = 6000
        let expected = setup.burst(count)
        // Long enough for gpsd and watch to take the whole burst while nobody reads.
        sleep(4)
        setup.output.resume()
        // An epoch at 80° after the burst: the line that follows every burst fix or gap.
        var sentinelSeen = false
        for _ in 0..<400 where !sentinelSeen {
            setup.feed.send(WatchThroughputTests.epochs(0..<1, base: 80, firstSecond: setup.nextSecond))
            setup.nextSecond += 1
            sentinelSeen = setup.output.waitFor(seconds: 0.05) { $0.contains { $0.contains("\"80.00000\"") } }
        }
        #expect(sentinelSeen)
        let lines = setup.output.lines.prefix { !$0.contains("\"80.00000\"") }
        let received = lines.filter { Self.formattedLatitude($0).map(expected.contains) ?? false }.count
        let dropped = lines.compactMap { line -> Int? in
            guard line.hasPrefix("{\"state\":\"dropped\",\"count\":") else { return nil }
            return Int(line.dropFirst("{\"state\":\"dropped\",\"count\":".count).dropLast())
        }
        #expect(!dropped.isEmpty, "watch fell behind, so it must say so")
        #expect(received + dropped.reduce(0, +) == count)
    }

    @Test(.enabled(if: GPSDTools.shouldRunGPSDTests))
    func aDenialFromAnotherProcessReachesARunningWatchWithinThePollPeriod() async throws {
        let setup = try await Setup()
        try setup.warmUp()
        let feeder = setup.feed.sendRepeatedly(every: .milliseconds(50)) { step in
            WatchThroughputTests.epochs(0..<1, base: 2, firstSecond: 100_000 + step)
        }
        defer { feeder.cancel() }
        let denied = try await PetSpotProcess.run(["permission", "deny"], environment: setup.home.environment)
        #expect(denied.status == 0)
        // The watch re-checks the consent file once a second.
        #expect(setup.output.waitFor(seconds: 5) { $0.contains { $0.contains("\"authorizationDenied\"") } })
    }
}

extension WatchThroughputTests {
    @Test(.enabled(if: GPSDTools.shouldRunGPSDTests))
    func anAbsurdAccuracyFromGPSDIsUnknownOnTheTerminalNotATrap() async throws {
        let home = try LocationCommandTests.Home()
        _ = try await PetSpotProcess.run(["permission", "grant"], environment: home.environment)
        // A gpsd JSON log (gpsfake replays those too) whose receiver claims ±1e300 m.
        let log = (0..<3).map { second in
            #"{"class":"TPV","device":"/dev/pts/1","mode":3,"time":"2019-06-08T13:20:0\#(second).000Z","#
                + #""lat":52.2297,"lon":21.0122,"altHAE":100.0,"eph":1e300,"epx":1e300,"epy":1e300}"#
        }
        let fake = try GPSFake.start(log: log, cycle: 0.1)
        defer { fake.stop() }
        let session = try PseudoTerminalSession(
            ["watch", "--count", "2", "--gpsd", "127.0.0.1:\(fake.port)"], environment: home.environment)
        try session.expect("52.22970, 21.01220", quiet: 30)
        #expect(try session.waitForExit() == 0)
        #expect(session.rawOutput.contains("● 3D fix"))
        #expect(!session.rawOutput.contains("±"), "an accuracy beyond the Earth's size is unknown, never printed")
    }
}

/// Reads a pipe on its own thread into memory, and can stop reading for a while (to play a
/// reader that falls behind).
final class PausableReader: @unchecked Sendable {
    // @unchecked Sendable: `bytes`, `paused` and `ended` are only touched while holding
    // `condition`.
    private let condition = NSCondition()
    private var bytes: [UInt8] = []
    private var paused = false
    private var ended = false
    private var lineCount = 0

    init(_ handle: FileHandle) {
        let descriptor = handle.fileDescriptor
        Thread.detachNewThread { [self] in
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                condition.lock()
                while paused { condition.wait() }
                condition.unlock()
                let count = read(descriptor, &buffer, buffer.count)
                condition.lock()
                defer {
                    condition.broadcast()
                    condition.unlock()
                }
                if count <= 0 {
                    ended = true
                    return
                }
                bytes += buffer[0..<count]
                lineCount += buffer[0..<count].reduce(0) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
            }
        }
    }

    /// How many complete lines were read so far (without copying them).
    var completeLines: Int {
        condition.lock()
        defer { condition.unlock() }
        return lineCount
    }

    /// The complete lines read so far.
    var lines: [String] {
        condition.lock()
        defer { condition.unlock() }
        return Self.lines(bytes)
    }

    private static func lines(_ bytes: [UInt8]) -> [String] {
        guard let end = bytes.lastIndex(of: UInt8(ascii: "\n")) else { return [] }
        return String(decoding: bytes[..<end], as: UTF8.self).components(separatedBy: "\n")
    }

    func pause() {
        condition.lock()
        paused = true
        condition.unlock()
    }

    func resume() {
        condition.lock()
        paused = false
        condition.broadcast()
        condition.unlock()
    }

    /// Waits at most `seconds` until `condition` holds for the lines read.
    func waitFor(seconds: Double, _ predicate: ([String]) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        condition.lock()
        defer { condition.unlock() }
        while !predicate(Self.lines(bytes)) {
            if ended || !condition.wait(until: deadline) { return predicate(Self.lines(bytes)) }
        }
        return true
    }
}
