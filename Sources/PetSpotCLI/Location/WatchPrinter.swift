import Foundation
import Location

#if canImport(Glibc)
    import Glibc
#endif

/// What `watch` prints: fixes (text or `--json`), state changes, and how many updates were
/// dropped when stdout could not keep up.
///
/// Lines are collected in an ``OutputBuffer`` and written in one `write` per burst; the
/// buffer is flushed whenever no more updates are waiting, so a terminal or a pipe reader
/// still sees each fix as it comes.
struct WatchPrinter: Sendable {
    /// Updates kept for a `watch` that falls behind before the oldest fixes are dropped: half
    /// a second of a full-speed `gpsfake -c 0` (about 2,000 fixes a second), 17 minutes of a
    /// 1 Hz receiver.
    static let bufferSize = 1024

    let json: Bool
    /// Stop after this many fixes.
    let count: Int?

    /// Prints a scenario's recorded updates.
    func print(_ updates: [LocationUpdate]) {
        var output = OutputBuffer(fileDescriptor: STDOUT_FILENO)
        for update in updates where !print(update, to: &output) { return }
        _ = output.flush()
    }

    /// Prints live updates until they end, ``count`` fixes were printed, stdout closes or the
    /// task is cancelled.
    func stream(_ updates: LocationUpdates.AsyncIterator) async {
        var updates = updates
        var output = OutputBuffer(fileDescriptor: STDOUT_FILENO)
        let statusLine = StatusLine(enabled: isatty(STDERR_FILENO) == 1)
        var fixes = 0
        var reported = 0
        while let update = await updates.next() {
            if updates.droppedUpdates > reported {
                guard reportDropped(updates.droppedUpdates - reported, to: &output) else { break }
                reported = updates.droppedUpdates
            }
            if update.fix != nil { fixes += 1 }
            let done = count.map { fixes >= $0 } ?? false
            if updates.pendingUpdates == 0 || done || (update.fix == nil && !json) {
                // Nothing more waiting (or a message for stderr): write the batch now.
                statusLine.clear()
                guard output.flush(), print(update, to: &output), output.flush() else { break }
                statusLine.show(update)
            } else if !print(update, to: &output) {
                break
            }
            if done { break }
        }
        if updates.droppedUpdates > reported { _ = reportDropped(updates.droppedUpdates - reported, to: &output) }
        statusLine.clear()
        _ = output.flush()
    }

    /// One update: a fix on stdout, a state change on stdout with `--json`, else on stderr.
    /// - Returns: `false` when stdout is closed.
    private func print(_ update: LocationUpdate, to output: inout OutputBuffer) -> Bool {
        if let fix = update.fix {
            return output.append(line: json ? LocationJSON.fix(fix) : fix.description)
        } else if json {
            return output.append(line: LocationJSON.state(update))
        } else {
            FileHandle.standardError.write(Data("petspot: \(update)\n".utf8))
            return true
        }
    }

    /// `{"state":"dropped","count":N}` with `--json`, else a message on stderr.
    /// - Returns: `false` when stdout is closed.
    private func reportDropped(_ count: Int, to output: inout OutputBuffer) -> Bool {
        if json { return output.append(line: LocationJSON.dropped(count: count)) }
        guard output.flush() else { return false }
        FileHandle.standardError.write(
            Data("petspot: \(count) updates dropped: the output could not keep up (the newest are kept)\n".utf8))
        return true
    }
}
