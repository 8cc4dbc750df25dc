/// When to read a gpsd connection again after a turn that emptied its socket: as soon as more
/// arrives, or — while lines come faster than any receiver sends them (a replayed log) — in
/// batches, every ``batchInterval``.
///
/// A real receiver sends 1 to 20 fixes a second, each read the moment it arrives. A log
/// replayed at full speed (`gpsfake -c 0`) sends thousands, one line at a time: reading each
/// as it comes wakes the reader thread, and then `write`s the output, thousands of times a
/// second, which costs more than the reading. Reading every 2 ms instead takes each batch
/// with one wake-up, one `recv` and one `write` downstream, and holds no fix back longer
/// than that. The first interval that brings nothing ends the batching, so a stream that slows
/// down is read line by line again at once, and a quiet connection costs nothing.
///
/// A value with no I/O: the reader reports each turn (``turnEnded(readLines:at:)``) and does
/// what it answers.
///
/// ```swift
/// var pacing = GPSDReadPacing()
/// switch pacing.turnEnded(readLines: lines, at: .now) {
/// case .onInput: …             // poll() the socket
/// case .at(let deadline): …    // read again at `deadline`, whatever arrives meanwhile
/// }
/// ```
struct GPSDReadPacing {
    /// When to read again.
    enum Next: Equatable {
        /// When `poll()` says the socket has more.
        case onInput
        /// At this time, not before: lines that come meanwhile are read together.
        case at(ContinuousClock.Instant)
    }

    /// Turns whose lines come closer together than this, several in a row, make a fast stream
    /// (1,000 fixes a second and more).
    static let fastInterval = Duration.milliseconds(1)
    /// How many fast turns in a row start the batching.
    static let fastTurnsToBatch = 4
    /// While the stream is fast, its socket is read this often: a fix waits at most this long.
    static let batchInterval = Duration.milliseconds(2)

    /// When the last turn that read a line ended.
    private var lastLines: ContinuousClock.Instant?
    /// Fast turns in a row so far.
    private var fastTurns = 0
    /// Whether the connection is read every ``batchInterval``.
    private(set) var isBatching = false

    /// Takes in a turn that ended at `now` having read `lines` lines and emptied the socket.
    ///
    /// - Returns: when to read again.
    mutating func turnEnded(readLines lines: Int, at now: ContinuousClock.Instant) -> Next {
        guard lines > 0 else {
            // Nothing in a whole batch interval (or poll() woke the reader for nothing): the
            // stream has slowed down; read each line as it comes again.
            isBatching = false
            fastTurns = 0
            return .onInput
        }
        if let lastLines, now - lastLines < Self.fastInterval {
            fastTurns += 1
        } else if !isBatching {
            fastTurns = 0
        }
        lastLines = now
        if isBatching || fastTurns >= Self.fastTurnsToBatch {
            isBatching = true
            return .at(now + Self.batchInterval)
        }
        return .onInput
    }
}
