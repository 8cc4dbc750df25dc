import Foundation
import Glibc
import Locking

/// The one thread that talks to libgps, for every gpsd connection of the process: a
/// connection multiplexer.
///
/// libgps' calls block (`gps_open` connects) and parse into static storage, so they run on
/// this dedicated thread, never on Swift's cooperative pool. The thread owns one
/// ``GPSDConnection`` per open ``connect(host:port:)`` stream, polls their sockets (and a
/// wake-up pipe for new commands), and hands out Sendable ``GPSDReport`` copies.
///
/// Two rules keep it both prompt and idle (Docs/Location.md, "The gpsd provider"):
/// - Lines already read off a socket into the connection's buffer are invisible to `poll()`,
///   so while a connection has complete lines left after a round's 256 reads, the thread
///   does not wait in `poll()`.
/// - A read that completes no line (the peer sent part of one) means nothing more can be
///   parsed: that connection is read again only when `poll()` says its socket has more, so a
///   partial line costs nothing while nothing arrives.
final class GPSDMultiplexer: Sendable {
    /// What a connection reports, from the reader thread.
    enum Event: Sendable {
        /// `gps_open` and `gps_stream(WATCH_ENABLE | WATCH_JSON)` succeeded.
        case connected
        /// A report with a mode (a `TPV`).
        case report(GPSDReport)
        /// The connection could not be opened.
        case failed(GPSDConnectionError)
        /// The connection ended: gpsd stopped or restarted, or the peer sent garbage.
        case lost(GPSDConnectionError)
    }

    private enum Command {
        case open(id: UInt64, host: String, port: String, device: String?, handler: @Sendable (Event) -> Void)
        case close(id: UInt64)
    }

    private struct State {
        var commands: [Command] = []
        var started = false
        var nextID: UInt64 = 0
        /// Open connections by `"host port"`.
        var openConnections: [String: Int] = [:]
    }

    /// The multiplexer shared by the whole process.
    static let shared = GPSDMultiplexer()

    /// How many reports one connection may deliver per round, to stay fair to the others.
    static let readsPerRound = 256

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

    /// Opens a connection to gpsd at `host`:`port` (watching only `device` when given) and
    /// streams its events; closing the
    /// stream (the consumer stops iterating or is cancelled) closes the connection. The
    /// stream finishes after ``Event/failed(_:)`` or ``Event/lost(_:)``.
    func connect(host: String, port: String, device: String? = nil) -> AsyncStream<Event> {
        let (stream, continuation) = AsyncStream.makeStream(of: Event.self, bufferingPolicy: .bufferingNewest(4096))
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        continuation.onTermination = { [self] _ in submit(.close(id: id)) }
        submit(
            .open(
                id: id, host: host, port: port, device: device,
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
            Thread.detachNewThread { [self] in loop() }
        }
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
    }

    /// One open connection and who listens to it, owned by the reader thread.
    private final class Watch {
        let key: String
        var connection: GPSDConnection
        let handler: @Sendable (Event) -> Void
        /// libgps holds only part of a line: read again when `poll()` says the socket has more.
        var awaitsSocket = false

        init(key: String, connection: consuming GPSDConnection, handler: @escaping @Sendable (Event) -> Void) {
            self.key = key
            self.connection = connection
            self.handler = handler
        }
    }

    /// The thread's body: apply commands, read what is waiting, poll for more.
    private func loop() {
        Self.ignoreBrokenPipes()
        Self.nameThread("petspot.gpsd")
        var watches: [UInt64: Watch] = [:]
        while true {
            apply(
                state.withLock { state in
                    defer { state.commands = [] }
                    return state.commands
                }, to: &watches)
            var backlog = false
            for (id, watch) in watches where !watch.awaitsSocket {
                switch drain(watch) {
                case .drained:
                    break
                case .backlog:
                    backlog = true
                case .ended(let error):
                    end(id, in: &watches)
                    watch.handler(.lost(error))
                }
            }
            // With a backlog, only look for commands and go round again: see the type's doc.
            let polled = Array(watches.values)
            var fds = [pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
            fds += polled.map { pollfd(fd: $0.connection.fileDescriptor, events: Int16(POLLIN), revents: 0) }
            _ = poll(&fds, nfds_t(fds.count), backlog ? 0 : 1000)
            for (watch, fd) in zip(polled, fds.dropFirst()) where fd.revents != 0 {
                watch.awaitsSocket = false  // more bytes, the end of the stream, or an error
            }
            var drain = [UInt8](repeating: 0, count: 64)
            while read(wakeRead, &drain, drain.count) > 0 {}
        }
    }

    private func apply(_ commands: [Command], to watches: inout [UInt64: Watch]) {
        for command in commands {
            switch command {
            case .open(let id, let host, let port, let device, let handler):
                if let watch = open(host: host, port: port, device: device, handler: handler) {
                    watches[id] = watch
                    state.withLock { $0.openConnections[watch.key, default: 0] += 1 }
                }
            case .close(let id):
                end(id, in: &watches)
            }
        }
    }

    private func end(_ id: UInt64, in watches: inout [UInt64: Watch]) {
        guard let watch = watches.removeValue(forKey: id) else { return }
        watch.connection.close()
        state.withLock { $0.openConnections[watch.key, default: 1] -= 1 }
    }

    /// Names this thread for `top -H`, `ps -L` and `/proc` (what `pthread_setname_np` does;
    /// Glibc's module does not export it).
    private static func nameThread(_ name: String) {
        let fd = Glibc.open("/proc/thread-self/comm", O_WRONLY)
        guard fd >= 0 else { return }
        _ = name.utf8CString.withUnsafeBufferPointer { write(fd, $0.baseAddress, $0.count - 1) }
        Glibc.close(fd)
    }

    /// Blocks SIGPIPE on this thread. libgps writes commands (`?WATCH=…`) with plain
    /// `write()`, and a write to a gpsd that has just gone away raises SIGPIPE, whose default
    /// action kills the whole process — found by the chaos test with a peer that hangs up.
    /// SIGPIPE is sent to the writing thread, so blocking it here turns it into an `EPIPE`
    /// error on this thread only; the signal stays pending while blocked and is discarded.
    private static func ignoreBrokenPipes() {
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &pipeSignal, nil)
    }

    /// Connects and starts the JSON watch; reports ``Event/connected`` or ``Event/failed(_:)``.
    private func open(host: String, port: String, device: String?, handler: @escaping @Sendable (Event) -> Void)
        -> Watch?
    {
        var connection = GPSDConnection()
        do throws(GPSDConnectionError) {
            try connection.open(host: host, port: port)
            try connection.stream(device: device)
        } catch {
            handler(.failed(error))
            return nil
        }
        handler(.connected)
        return Watch(key: "\(host) \(port)", connection: connection, handler: handler)
    }

    /// What ``drain(_:)`` left behind.
    private enum DrainOutcome {
        /// Nothing more to read now (or only part of a line: the watch awaits its socket).
        case drained
        /// The per-round limit was reached with reports possibly still buffered.
        case backlog
        /// The connection ended.
        case ended(GPSDConnectionError)
    }

    /// Reads every complete line already waiting, at most ``readsPerRound`` a round.
    private func drain(_ watch: Watch) -> DrainOutcome {
        for _ in 0..<Self.readsPerRound {
            guard watch.connection.waiting() else { return .drained }
            do throws(GPSDConnectionError) {
                guard let message = try watch.connection.read() else {
                    watch.awaitsSocket = true
                    return .drained
                }
                if case .report(let report) = message { watch.handler(.report(report)) }
            } catch {
                return .ended(error)
            }
        }
        return .backlog
    }
}
