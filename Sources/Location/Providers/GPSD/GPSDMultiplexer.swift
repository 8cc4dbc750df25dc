import Foundation
import Locking

/// gpsd connections read on one thread: a connection multiplexer on a ``LocationEventLoop``
/// (``shared``, on ``LocationEventLoop/shared``, holds every connection of the process unless
/// a ``GPSDProvider`` is given another).
///
/// libgps parses into static storage, so its connections are read on the event loop's one
/// thread, never on Swift's cooperative pool, and each report goes to its connection's handler
/// right there: the handler converts and forwards it, so a fix reaches a service that runs
/// on the same loop without a hand-off between threads. Only `gps_open`, which blocks (a name
/// lookup, a TCP connect that can take minutes to fail), runs on a short-lived thread of its
/// own, so that one slow connect holds up no other connection and no job on the loop. A
/// multiplexer of its own on a loop of its own (a test's) is as safe: every libgps parse of
/// the process takes one lock (``GPSDConnection``).
///
/// ```swift
/// let multiplexer = GPSDMultiplexer(loop: LocationEventLoop(name: "petspot.test"))
/// let provider = GPSDProvider(endpoint: endpoint, multiplexer: multiplexer)
/// ```
///
/// Three rules keep the loop prompt, idle and cheap (Docs/Location.md, "The gpsd provider"):
/// - A connection reads at most ``readsPerRound`` lines a turn and is then called again at
///   once, before the loop sleeps, so that lines already read off its socket (which `poll()`
///   cannot see) are never stranded and other connections get their turn.
/// - A read that completes no line and empties the socket (the peer sent part of one) makes
///   the connection wait for `poll()`: a partial line costs nothing while nothing arrives.
/// - While lines come faster than any receiver sends them (a replayed log), the socket is
///   read every 2 ms instead of on every line (``GPSDReadPacing``): one wake-up of the
///   thread, one `recv` and one `write` downstream for a batch of fixes, not for each.
public final class GPSDMultiplexer: Sendable {
    /// What a connection reports, on the loop thread.
    enum Event: Sendable {
        /// `gps_open` and `gps_stream(WATCH_ENABLE | WATCH_JSON)` succeeded.
        case connected
        /// A report with a mode (a `TPV`).
        case report(GPSDReport)
        /// The connection could not be opened (the last event of the connection).
        case failed(GPSDConnectionError)
        /// The connection ended: gpsd stopped or restarted, or the peer sent garbage (the last
        /// event of the connection).
        case lost(GPSDConnectionError)
    }

    /// Where a connection is in its life.
    private enum Phase {
        /// `gps_open` runs on its thread.
        case opening
        /// ``close(_:)`` came while `gps_open` ran: the loop closes it when it arrives.
        case closedWhileOpening
        /// Read by the loop's reader `reader`.
        case open(reader: UInt64)
        /// Failed or lost; its handler heard so.
        case ended
    }

    private struct State {
        var nextID: UInt64 = 0
        /// Every connection from ``connect(host:port:device:handler:)`` to ``close(_:)``.
        var connections: [UInt64: Phase] = [:]
        /// Open connections by `"host port"`.
        var openConnections: [String: Int] = [:]
        /// Lines read by all connections, in all.
        var linesRead = 0
    }

    /// The multiplexer of the process, on ``LocationEventLoop/shared``: what a
    /// ``GPSDProvider`` uses unless given another.
    public static let shared = GPSDMultiplexer(loop: .shared)

    /// How many reports one connection may deliver per turn, to stay fair to the others.
    static let readsPerRound = 256

    /// The loop whose thread reads this multiplexer's connections and calls their handlers.
    public let loop: LocationEventLoop
    private let state = Locked(State())

    /// A multiplexer whose connections are read on `loop`'s thread.
    public init(loop: LocationEventLoop) {
        self.loop = loop
    }

    /// How many of this multiplexer's gpsd connections are open right now.
    public var openConnections: Int { state.withLock { $0.openConnections.values.reduce(0, +) } }

    /// How many of this multiplexer's gpsd connections to `endpoint` are open right now.
    public func openConnections(to endpoint: GPSDEndpoint) -> Int {
        openConnections(host: endpoint.host, port: String(endpoint.port))
    }

    /// How many lines this multiplexer's connections have read, in all: reports and the rest
    /// (gpsd's `VERSION`, `DEVICES` and `WATCH` greeting, which no ``Event`` tells). A test
    /// waits on it for gpsd's lines that give no event to have been read.
    var linesRead: Int { state.withLock { $0.linesRead } }

    /// How many of this multiplexer's gpsd connections to `host`:`port` are open right now.
    func openConnections(host: String, port: String) -> Int {
        state.withLock { $0.openConnections["\(host) \(port)", default: 0] }
    }

    /// Opens a connection to gpsd at `host`:`port` (watching only `device` when given) and
    /// calls `handler` on the loop thread for each of its events, in order, until
    /// ``Event/failed(_:)`` or ``Event/lost(_:)`` or until ``close(_:)``. Call ``close(_:)``
    /// once for every connection, ended or not.
    ///
    /// - Returns: the connection's id, for ``close(_:)``.
    func connect(
        host: String, port: String, device: String? = nil, handler: @escaping @Sendable (Event) -> Void
    ) -> UInt64 {
        let id = state.withLock { state in
            state.nextID += 1
            state.connections[state.nextID] = .opening
            return state.nextID
        }
        Thread.detachNewThread { [self] in
            let opened = OpenedConnection()
            var connection = GPSDConnection()
            do throws(GPSDConnectionError) {
                try connection.open(host: host, port: port)
                try connection.stream(device: device)
                opened.connection = consume connection
            } catch {
                opened.error = error
            }
            loop.execute { [self] registrations in
                adopt(id, opened, key: "\(host) \(port)", handler: handler, into: &registrations)
            }
        }
        return id
    }

    /// Closes connection `id`, whether it is open, still opening or already ended, and returns
    /// once its handler is not called any more.
    func close(_ id: UInt64) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            loop.execute { [self] registrations in
                let phase = state.withLock { state -> Phase? in
                    let phase = state.connections.removeValue(forKey: id)
                    if case .opening? = phase { state.connections[id] = .closedWhileOpening }
                    return phase
                }
                if case .open(let reader)? = phase { registrations.removeReader(reader) }
                continuation.resume()
            }
        }
    }

    /// Takes over a connection its opening thread handed over: tells the handler and reads
    /// it from now on, or closes it at once when ``close(_:)`` came first.
    private func adopt(
        _ id: UInt64, _ opened: OpenedConnection, key: String, handler: @escaping @Sendable (Event) -> Void,
        into registrations: inout LocationEventLoop.Registrations
    ) {
        let closed = state.withLock { state in
            guard case .closedWhileOpening? = state.connections[id] else { return false }
            state.connections[id] = nil
            return true
        }
        guard var connection = opened.connection.take() else {
            if !closed, let error = opened.error {
                state.withLock { $0.connections[id] = .ended }
                handler(.failed(error))
            }
            return
        }
        guard !closed else {
            connection.close()
            return
        }
        let fileDescriptor = connection.fileDescriptor
        let watch = Watch(connection: connection, handler: handler)
        let reader = registrations.addReader(
            fileDescriptor: fileDescriptor,
            read: { [self] in
                let (outcome, lines) = watch.drain()
                if lines > 0 { state.withLock { $0.linesRead += lines } }
                if case .finished = outcome {
                    state.withLock { state in
                        if state.connections[id] != nil { state.connections[id] = .ended }
                        state.openConnections[key, default: 1] -= 1
                    }
                }
                return outcome
            },
            end: { [self] in
                watch.connection.close()
                state.withLock { $0.openConnections[key, default: 1] -= 1 }
            })
        state.withLock { state in
            state.connections[id] = .open(reader: reader)
            state.openConnections[key, default: 0] += 1
        }
        // Counted before the handler hears of it: whoever learns "connected" from the handler
        // (a consumer's `waitingForFix`) finds the connection in ``openConnections`` already.
        handler(.connected)
    }
}

/// A connection opened on its own thread and handed to the loop thread.
private final class OpenedConnection: @unchecked Sendable {
    // @unchecked Sendable: the opening thread sets one of the two fields and then hands the
    // object to the loop with `execute`, whose lock orders that write before the loop's read;
    // nothing touches it after the loop took the connection.
    var connection: GPSDConnection?
    var error: GPSDConnectionError?
}

/// One open connection and who listens to it, owned by the loop thread.
private final class Watch {
    var connection: GPSDConnection
    let handler: @Sendable (GPSDMultiplexer.Event) -> Void
    private var pacing = GPSDReadPacing()

    init(connection: consuming GPSDConnection, handler: @escaping @Sendable (GPSDMultiplexer.Event) -> Void) {
        self.connection = connection
        self.handler = handler
    }

    /// Reads what is waiting, at most ``GPSDMultiplexer/readsPerRound`` lines, and says when
    /// to read again and how many lines it read.
    func drain() -> (outcome: LocationEventLoop.ReaderOutcome, lines: Int) {
        connection.socketBecameReadable()
        var lines = 0
        while lines < GPSDMultiplexer.readsPerRound {
            do throws(GPSDConnectionError) {
                guard let message = try connection.read() else { return (pace(readLines: lines), lines) }
                lines += 1
                if case .report(let report) = message { handler(.report(report)) }
            } catch {
                connection.close()
                handler(.lost(error))
                return (.finished, lines)
            }
        }
        return (.readAgain, lines)
    }

    /// After a turn that emptied the socket: what ``GPSDReadPacing`` says.
    private func pace(readLines lines: Int) -> LocationEventLoop.ReaderOutcome {
        switch pacing.turnEnded(readLines: lines, at: .now) {
        case .onInput: .waitForInput
        case .at(let deadline): .readAt(deadline)
        }
    }
}
