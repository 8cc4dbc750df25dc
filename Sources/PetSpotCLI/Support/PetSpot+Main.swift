import ArgumentParser
import Foundation
import OutsideInput

extension PetSpot {
    /// Parses and runs the command, as ArgumentParser's own `main()` does, except that an
    /// error message is printed terminal-safe: ArgumentParser quotes the arguments in its
    /// messages (`The value '…' is invalid for '--limit <limit>'`), and an argument can hold
    /// control characters (`ESC[2J`) or bidi overrides. Help, version and completion scripts
    /// (exit status 0) are printed unchanged.
    static func main() async {
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            let code = exitCode(for: error)
            let message = fullMessage(for: error)
            if code.isSuccess {
                if !message.isEmpty { print(message) }
            } else if !message.isEmpty {
                let safe = TerminalSafeText.terminalSafe(message, allowingNewlines: true)
                FileHandle.standardError.write(Data((safe + "\n").utf8))
            }
            exit(withError: code)
        }
    }
}
