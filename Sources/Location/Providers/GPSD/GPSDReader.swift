import CGPS
import Foundation
import Glibc
import Locking

/// The one thread that talks to libgps, for every gpsd connection of the process.
///
/// libgps is wrapped here and nowhere else. Its calls block (`gps_open` connects, `gps_read`
/// waits for a whole line), so they run on this dedicated thread, never on Swift's
/// cooperative pool. And every `gps_read` writes a static buffer inside libgps, so two
/// threads reading at once race even on separate connections: one thread serves all
/// connections, polling their sockets (and a wake-up pipe for new commands), and hands out
/// Sendable ``GPSDReport`` copies. Each `gps_data_t` (about 24 KB, not Sendable) is allocated
/// once per connection, owned by a ``Connection`` on this thread, and freed when it closes.
final class GPSDReader: Sendable {
    /// What a connection reports, from the reader thread.
    enum Event: Sendable {
        /// `gps_open` and `gps_stream(WATCH_ENABLE | WATCH_JSON)` succeeded.
        case connected
        /// A report with a mode (a `TPV`).
        case report(GPSDReport)
        /// `gps_open` failed; the text is libgps' own (`gps_errstr`).
        case failed(String)
        /// The connection broke (gpsd stopped or restarted).
        case lost(String)
    }

    private enum Command {
        case open(id: UInt64, host: String, port: String, handler: @Sendable (Event) -> Void)
        case close(id: UInt64)
    }

    private struct State {
        var commands: [Command] = []
        var started = false
        var nextID: UInt64 = 0
        /// Open connections by `host:port`.
        var openConnections: [String: Int] = [:]
    }

    /// The reader shared by the whole process.
    static let shared = GPSDReader()

    private let state = Locked(State())
    /// A pipe whose read end the thread polls, so a new command wakes it at once.
    private let wakeRead: Int32
    private let wakeWrite: Int32

    private init() {
        var fds: [Int32] = [-1, -1]
        if pipe(&fds) == 0 {
            _ = fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK)
            _ = fcntl(fds[1], F_SETFL, fcntl(fds[1], F_GETFL) | O_NONBLOCK)
        }
        wakeRead = fds[0]
        wakeWrite = fds[1]
    }

    /// How many gpsd connections are open right now, in this process.
    var openConnections: Int { state.withLock { $0.openConnections.values.reduce(0, +) } }

    /// How many gpsd connections to `host`:`port` are open right now, in this process.
    func openConnections(host: String, port: String) -> Int {
        state.withLock { $0.openConnections["\(host) \(port)", default: 0] }
    }

    /// Opens a connection to gpsd at `host`:`port` and streams its events; closing the
    /// stream (the consumer stops iterating or is cancelled) closes the connection. The
    /// stream finishes after ``Event/failed(_:)`` or ``Event/lost(_:)``.
    func connect(host: String, port: String) -> AsyncStream<Event> {
        let (stream, continuation) = AsyncStream.makeStream(of: Event.self, bufferingPolicy: .bufferingNewest(4096))
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        continuation.onTermination = { [self] _ in submit(.close(id: id)) }
        submit(
            .open(
                id: id, host: host, port: port,
                handler: { event in
                    continuation.yield(event)
                    switch event {
                    case .failed, .lost: continuation.finish()
                    case .connected, .report: break
                    }
                }))
        return stream
    }

    private func submit(_ command: Command) {
        let start = state.withLock { state in
            state.commands.append(command)
            defer { state.started = true }
            return !state.started
        }
        if start {
            let thread = Thread { [self] in loop() }
            thread.name = "petspot.gpsd-reader"
            thread.start()
        }
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
    }

    /// One open libgps connection, owned by the reader thread.
    private final class Connection {
        let id: UInt64
        let key: String
        let data: UnsafeMutablePointer<gps_data_t>
        let handler: @Sendable (Event) -> Void
        var satellitesUsed: Int?

        init(
            id: UInt64, key: String, data: UnsafeMutablePointer<gps_data_t>,
            handler: @escaping @Sendable (Event) -> Void
        ) {
            self.id = id
            self.key = key
            self.data = data
            self.handler = handler
        }

        /// Stops the watch and closes the socket. The corresponding C functions are
        /// `gps_stream` and `gps_close`.
        func close() {
            _ = gps_stream(data, UInt32(WATCH_DISABLE), nil)
            _ = gps_close(data)
        }

        deinit {
            data.deinitialize(count: 1)
            data.deallocate()
        }
    }

    /// The thread's body: apply commands, read what is waiting, poll for more.
    private func loop() {
        Self.ignoreBrokenPipes()
        var connections: [UInt64: Connection] = [:]
        while true {
            for command in state.withLock({ state in
                defer { state.commands = [] }
                return state.commands
            }) {
                switch command {
                case .open(let id, let host, let port, let handler):
                    if let connection = open(id: id, host: host, port: port, handler: handler) {
                        connections[id] = connection
                        state.withLock { $0.openConnections[connection.key, default: 0] += 1 }
                    }
                case .close(let id):
                    if let connection = connections.removeValue(forKey: id) {
                        connection.close()
                        state.withLock { $0.openConnections[connection.key, default: 1] -= 1 }
                    }
                }
            }
            var backlog = false
            for (id, connection) in connections {
                switch readWaiting(connection) {
                case .drained:
                    break
                case .backlog:
                    backlog = true
                case .broken:
                    connection.close()
                    connections[id] = nil
                    state.withLock { $0.openConnections[connection.key, default: 1] -= 1 }
                    connection.handler(.lost("connection to gpsd lost"))
                }
            }
            // Reports libgps has already read off a socket are in its own buffer, where poll()
            // cannot see them: with a backlog, only look for commands and go round again.
            // (Waiting here instead stalled a 1,000-report burst for a whole second.)
            var fds = [pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
            fds += connections.values.map { pollfd(fd: $0.data.pointee.gps_fd, events: Int16(POLLIN), revents: 0) }
            _ = poll(&fds, nfds_t(fds.count), backlog ? 0 : 1000)
            var drain = [UInt8](repeating: 0, count: 64)
            while read(wakeRead, &drain, drain.count) > 0 {}
        }
    }

    /// Connects and starts the JSON watch. The corresponding C functions are `gps_open` and
    /// `gps_stream`.
    /// Blocks SIGPIPE on this thread. libgps writes commands (`?WATCH=…`) with plain
    /// `write()`, and a write to a gpsd that has just gone away raises SIGPIPE, whose default
    /// action kills the whole process — found by the chaos test with a peer that hangs up.
    /// SIGPIPE is sent to the writing thread, so blocking it here turns it into an `EPIPE`
    /// error that the reader handles like any lost connection; the pending signal is harmless
    /// while blocked and is discarded.
    private static func ignoreBrokenPipes() {
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &pipeSignal, nil)
    }

    private func open(
        id: UInt64, host: String, port: String, handler: @escaping @Sendable (Event) -> Void
    ) -> Connection? {
        let data = UnsafeMutablePointer<gps_data_t>.allocate(capacity: 1)
        data.initialize(to: gps_data_t())
        let connection = Connection(id: id, key: "\(host) \(port)", data: data, handler: handler)
        errno = 0
        guard gps_open(host, port, data) == 0 else {
            handler(.failed(String(cString: gps_errstr(errno))))
            return nil
        }
        guard gps_stream(data, UInt32(WATCH_ENABLE | WATCH_JSON), nil) == 0 else {
            _ = gps_close(data)
            handler(.failed("gpsd did not accept the watch request"))
            return nil
        }
        handler(.connected)
        return connection
    }

    /// What ``readWaiting(_:)`` left behind.
    private enum ReadOutcome {
        /// Nothing more is waiting.
        case drained
        /// The per-round limit was reached with reports still waiting.
        case backlog
        /// The connection broke.
        case broken
    }

    /// Reads every report already waiting, at most 256 a round to stay fair to other
    /// connections. The corresponding C functions are `gps_waiting` (which also sees what
    /// libgps has buffered) and `gps_read`.
    private func readWaiting(_ connection: Connection) -> ReadOutcome {
        let data = connection.data
        var reads = 0
        while gps_waiting(data, 0) {
            if reads == 256 { return .backlog }
            reads += 1
            data.pointee.set = 0  // non-position reports add bits without clearing old ones
            guard gps_read(data, nil, 0) >= 0 else { return .broken }
            let set = data.pointee.set
            if set & SATELLITE_SET != 0 {
                connection.satellitesUsed = Int(data.pointee.satellites_used)
            }
            guard set & MODE_SET != 0 else { continue }
            let fix = data.pointee.fix
            let seconds = Double(fix.time.tv_sec) + Double(fix.time.tv_nsec) / 1e9
            connection.handler(
                .report(
                    GPSDReport(
                        mode: Int(fix.mode), latitude: fix.latitude, longitude: fix.longitude,
                        altitudeMSL: fix.altMSL, altitudeHAE: fix.altHAE, eph: fix.eph, epx: fix.epx,
                        epy: fix.epy, epv: fix.epv, speed: fix.speed, track: fix.track,
                        time: fix.time.tv_sec > 0 ? Date(timeIntervalSince1970: seconds) : nil,
                        satellitesUsed: connection.satellitesUsed)))
        }
        return .drained
    }
}
