import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Ctrl-C (SIGINT), a closed terminal (SIGHUP) or SIGTERM during a report wizard: the draft of
/// everything entered was saved before the screen the person was on (``DraftKeeper``), so the
/// wizard says where it is and how to resume, and exits with 128 + the signal's number.
///
/// The handlers are installed explicitly (a process started with the signals ignored, as a
/// test runner does, still ends), and removed by ``remove()``.
final class WizardInterrupts {
    private let trap: SignalTrap

    /// Handles SIGINT, SIGHUP and SIGTERM for a wizard whose drafts are in `store`.
    init(store: DraftStore) {
        trap = SignalTrap([SIGINT, SIGHUP, SIGTERM]) { signalNumber in
            var message = "\nInterrupted; nothing was written."
            if store.load() != nil {
                message +=
                    " What you entered is kept as a draft: run the same command to resume it (--fresh starts over)."
            }
            FileHandle.standardError.write(Data((message + "\n").utf8))
            exit(128 + signalNumber)
        }
    }

    /// Stops handling the signals (their default action again).
    func remove() {
        trap.remove(restoringDefaults: true)
    }
}
