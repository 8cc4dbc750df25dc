import ArgumentParser
import Foundation
import OutsideInput

extension PetSpot {
    /// Parses and runs the command, as ArgumentParser's own `main()` does, except that an
    /// error message is printed terminal-safe: ArgumentParser quotes the arguments in its
    /// messages (`The value '…' is invalid for '--limit <limit>'`), and an argument can hold
    /// control characters (`ESC[2J`) or bidi overrides. Help, version and completion scripts
    /// (exit status 0) are printed unchanged.
    ///
    /// `validate` with its everyday arguments is read without ArgumentParser at all
    /// (``QuickValidate``). The other quick commands (``directCommands``) are parsed on their
    /// own first: parsing as the root reflects over every subcommand's properties, and each
    /// first `as?` of a type and protocol scans every conformance record of the binary — a
    /// quarter of `petspot validate`'s start-up (Docs/CLI.md). Anything the direct parse does not take
    /// (help, a usage error, a failing `validate()`) goes through the root as before, so
    /// messages and usage lines are the same.
    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.first == "validate", let validate = QuickValidate(arguments.dropFirst()) {
            validate.run()
        }
        if let command = directCommand(arguments) {
            await run(command)
        }
        do {
            await run(try parseAsRoot())
        } catch {
            fail(with: error)
        }
    }

    /// Subcommands that touch neither gpsd, a scenario nor the network, and whose arguments
    /// cannot be mistaken for a subcommand's name: run without the whole command tree.
    static let directCommands: [String: any ParsableCommand.Type] = [
        "validate": Validate.self, "show": Show.self, "distance": Distance.self, "radius": Radius.self,
        "nearby": Nearby.self,
    ]

    /// The quick command `arguments` name, parsed, when that succeeds without help or version.
    static func directCommand(_ arguments: [String]) -> (any ParsableCommand)? {
        guard let name = arguments.first, let type = directCommands[name] else { return nil }
        let rest = Array(arguments.dropFirst())
        let asksForHelp = rest.contains {
            ["-h", "--help", "-help", "--version", "--experimental-dump-help"].contains($0)
        }
        guard !asksForHelp else { return nil }
        return try? type.parseAsRoot(rest)
    }

    /// Runs `command` and exits: 0, or the status of the error it throws.
    static func run(_ command: any ParsableCommand) async -> Never {
        var command = command
        do {
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            fail(with: error)
        }
        Foundation.exit(0)
    }

    /// Prints `error` as ArgumentParser would (terminal-safe when it is a failure) and exits.
    static func fail(with error: any Error) -> Never {
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
