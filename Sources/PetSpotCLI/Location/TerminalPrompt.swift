import Foundation
import Location
import Locking

#if canImport(Glibc)
    import Glibc
#endif

/// The CLI's "Allow PetSpot to use your location?" alert: a question on the terminal.
enum TerminalPrompt {
    /// Whether a person can answer: stdin and stderr are terminals.
    static var canAsk: Bool { isatty(0) == 1 && isatty(2) == 1 }

    private static let ended = Locked(false)

    /// `true` once the person ended input (Ctrl-D) at the question instead of answering: the
    /// report wizards then end as at any other prompt, without a denial or its alert.
    static var inputEnded: Bool { ended.withLock { $0 } }

    /// Asks on the terminal; `nil` at once when there is no terminal (never hangs a
    /// pipeline), or when the person closes input without answering.
    @Sendable static func askForLocationPermission() async -> LocationAuthorization? {
        guard canAsk else { return nil }
        FileHandle.standardError.write(
            Data("Allow PetSpot to use your location while you use it? [y/N] ".utf8))
        let answer = await withCheckedContinuation { continuation in
            // readLine blocks: keep it off Swift's cooperative threads.
            Thread.detachNewThread { continuation.resume(returning: readLine()) }
        }
        guard let answer else {
            ended.withLock { $0 = true }
            FileHandle.standardError.write(Data("\n".utf8))
            return nil
        }
        switch answer.trimmingCharacters(in: .whitespaces).lowercased() {
        case "y", "yes": return LocationAuthorization(.authorizedWhenInUse)
        default: return LocationAuthorization(.denied)
        }
    }
}
