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
/// still sees each fix as it comes. A live watch runs on ``LocationEventLoop/shared`` with
/// its service, so a fix goes from gpsd's socket to stdout on one thread.
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
        for update in updates {
            if update.fix == nil && !json {
                guard output.flush() else { return }
                printMessage(update)
            } else {
                print(update, to: &output)
                if output.isFull { guard output.flush() else { return } }
            }
        }
        _ = output.flush()
    }

    /// Prints live updates until they end, ``count`` fixes were printed, stdout closes or the
    /// task is cancelled. Run it on `loop`, the service's executor: a fix then goes from the
    /// gpsd socket to stdout on one thread, and the writes never block that thread (while
    /// stdout has no room the task waits on `loop`, updates queue in the service and the
    /// oldest fixes are dropped and counted).
    func stream(_ updates: LocationUpdates.AsyncIterator, on loop: LocationEventLoop) async {
        var updates = updates
        var output = OutputBuffer(fileDescriptor: STDOUT_FILENO)
        let statusLine = StatusLine(enabled: isatty(STDERR_FILENO) == 1)
        var fixes = 0
        var reported = 0
        reading: while let update = await updates.next() {
            if updates.droppedUpdates > reported {
                guard await reportDropped(updates.droppedUpdates - reported, to: &output, waitingOn: loop) else {
                    break reading
                }
                reported = updates.droppedUpdates
            }
            if update.fix != nil { fixes += 1 }
            let done = count.map { fixes >= $0 } ?? false
            if update.fix == nil && !json {
                // A message for stderr: the lines before it first.
                statusLine.clear()
                guard await output.flush(waitingOn: loop) else { break reading }
                printMessage(update)
                statusLine.show(update)
            } else {
                print(update, to: &output)
                // Nothing more waiting (or a full buffer, or the last one): write the batch now.
                if updates.pendingUpdates == 0 || done || output.isFull {
                    statusLine.clear()
                    guard await output.flush(waitingOn: loop) else { break reading }
                    statusLine.show(update)
                }
            }
            if done { break }
        }
        if updates.droppedUpdates > reported {
            _ = await reportDropped(updates.droppedUpdates - reported, to: &output, waitingOn: loop)
        }
        statusLine.clear()
        _ = await output.flush(waitingOn: loop)
    }

    /// One update for stdout: a fix (text or JSON), or a state change with `--json`.
    private func print(_ update: LocationUpdate, to output: inout OutputBuffer) {
        if let fix = update.fix {
            if json {
                output.append { LocationJSON.appendFix(fix, to: &$0) }
            } else {
                output.append(line: fix.description)
            }
        } else {
            output.append(line: LocationJSON.state(update))
        }
    }

    /// `{"state":"dropped","count":N}` with `--json`, else a message on stderr.
    /// - Returns: `false` when stdout is closed.
    private func reportDropped(
        _ count: Int, to output: inout OutputBuffer, waitingOn loop: LocationEventLoop
    ) async -> Bool {
        if json {
            output.append(line: LocationJSON.dropped(count: count))
            return true
        }
        guard await output.flush(waitingOn: loop) else { return false }
        FileHandle.standardError.write(
            Data("petspot: \(count) updates dropped: the output could not keep up (the newest are kept)\n".utf8))
        return true
    }

    /// A state change in text mode, on stderr.
    private func printMessage(_ update: LocationUpdate) {
        FileHandle.standardError.write(Data("petspot: \(update)\n".utf8))
    }
}
