import ArgumentParser
import Dispatch
import Foundation
import Location
import Scenarios

#if canImport(Glibc)
    import Glibc
#endif

extension PetSpot {
    /// `petspot watch`: live fixes from gpsd.
    struct Watch: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print fixes from gpsd as they arrive, until Ctrl-C or --count fixes.",
            discussion: """
                One line per fix on stdout ("52.22970, 21.01220 ±4 m"); state changes \
                (waiting for a fix, fix lost, gpsd unavailable — it reconnects by itself) on \
                stderr. On a terminal a live status line shows fix or no fix, satellites and \
                accuracy. With --json: NDJSON on stdout, each fix in the schema of \
                `locate --json`, each state change as {"state", "message"}.

                Exit status: 0 after Ctrl-C or --count fixes, 2 permission denied or \
                restricted, 64 usage error.
                """
        )

        @OptionGroup var gpsd: GPSDOptions

        @OptionGroup var scenario: ScenarioSourceOption

        @Option(help: ArgumentHelp("Stop after this many fixes.", valueName: "n"))
        var count: Int?

        @Flag(help: "Print NDJSON (one JSON object per line) instead of text.")
        var json = false

        func validate() throws {
            if let count, count < 1 { throw ValidationError("--count must be at least 1.") }
        }

        func run() async throws {
            // A scenario plays instantly: the updates its watch received, then its end.
            if let played = try await scenario.play([.requestAuthorization, .watch(count: count, duration: nil)]) {
                for update in played.updates {
                    if let fix = update.fix {
                        writeLine(json ? LocationOutput.json(fix).text : fix.description)
                    } else if json {
                        writeLine(LocationOutput.json(state: update).text)
                    } else {
                        FileHandle.standardError.write(Data("petspot: \(update)\n".utf8))
                    }
                }
                if !played.finalAuthorization.isAuthorized,
                    let error = LocationError(status: played.finalAuthorization.status)
                {
                    LocationOutput.fail(code: LocationOutput.code(error), message: error.description, json: json)
                    throw ExitCode(2)
                }
                return
            }
            let service = makeLocationService(endpoint: try gpsd.endpoint())
            try await requireAuthorization(service, json: json)
            let statusLine = StatusLine(enabled: isatty(2) == 1)
            let json = self.json
            let count = self.count
            let watching = Task {
                var fixes = 0
                for await update in service.updates {
                    statusLine.clear()
                    if let fix = update.fix {
                        writeLine(json ? LocationOutput.json(fix).text : fix.description)
                        fixes += 1
                    } else if json {
                        writeLine(LocationOutput.json(state: update).text)
                    } else {
                        FileHandle.standardError.write(Data("petspot: \(update)\n".utf8))
                    }
                    statusLine.show(update)
                    if let count, fixes >= count { break }
                }
            }
            // Ctrl-C (and SIGTERM) end the watch cleanly: stop iterating, clear the status line.
            var sources: [any DispatchSourceSignal] = []
            for signalNumber in [SIGINT, SIGTERM] {
                signal(signalNumber, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
                source.setEventHandler { watching.cancel() }
                source.resume()
                sources.append(source)
            }
            await watching.value
            for source in sources { source.cancel() }
            statusLine.clear()
        }
    }
}

/// Writes `line` and a newline to stdout at once (unbuffered, so a pipe sees each line as
/// it happens).
private func writeLine(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

/// The live status line on stderr: `● 3D fix · 8 satellites · ±4 m`, redrawn in place.
struct StatusLine: Sendable {
    let enabled: Bool

    func show(_ update: LocationUpdate) {
        guard enabled else { return }
        let text: String
        switch update {
        case .fix(let fix):
            var parts = ["● \(fix.mode == .threeDimensional ? "3D" : "2D") fix"]
            if let satellites = fix.satellitesUsed { parts.append("\(satellites) satellites") }
            if let accuracy = fix.horizontalAccuracy { parts.append("±\(Int(accuracy.rounded())) m") }
            text = parts.joined(separator: " · ")
        case .waitingForFix, .fixLost: text = "○ no fix"
        case .providerUnavailable: text = "✕ gpsd unavailable, reconnecting"
        case .authorizationDenied(let status): text = "✕ location not allowed (\(status))"
        }
        FileHandle.standardError.write(Data("\r\u{1B}[K\(text)".utf8))
    }

    func clear() {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}
