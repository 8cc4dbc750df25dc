import Foundation
import Location
import OutsideInput

/// The live status line on stderr: `● 3D fix · 8 satellites · ±4 m`, redrawn in place.
struct StatusLine: Sendable {
    let enabled: Bool

    func show(_ update: LocationUpdate) {
        guard enabled else { return }
        write(Self.text(update))
    }

    /// The short text for `update`: `● 3D fix · 8 satellites · ±4 m`, `○ no fix`, ….
    static func text(_ update: LocationUpdate) -> String {
        let text: String
        switch update {
        case .fix(let fix):
            var parts = ["● \(fix.mode == .threeDimensional ? "3D" : "2D") fix"]
            if let satellites = fix.satellitesUsed { parts.append("\(satellites) satellites") }
            // An accuracy from outside can be huge or NaN: clamp, never trap.
            if let accuracy = fix.horizontalAccuracy, let meters = Int(roundingSaturating: accuracy) {
                parts.append("±\(meters) m")
            }
            text = parts.joined(separator: " · ")
        case .waitingForFix, .fixLost: text = "○ no fix"
        case .providerUnavailable: text = "✕ gpsd unavailable, reconnecting"
        case .authorizationDenied(let status): text = "✕ location not allowed (\(status))"
        }
        return text
    }

    /// Replaces the line with `text`.
    func write(_ text: String) {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K\(text)".utf8))
    }

    func clear() {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}

extension StatusLine {
    /// `locate`'s line while its request waits, redrawn every second until ``Waiting/stop()``:
    /// `Waiting for a fix from gpsd at localhost:2947 · ○ no fix · 3 s of 30 s`. The state is
    /// what the service last heard (`connecting…` before gpsd answers).
    final class Waiting: Sendable {
        private let task: Task<Void, Never>?
        private let line: StatusLine

        init(_ line: StatusLine, service: LocationService, source: String, timeout: Double) {
            self.line = line
            guard line.enabled else {
                task = nil
                return
            }
            let whole = timeout == timeout.rounded() ? Int(roundingSaturating: timeout) : nil
            let limit = whole.map(String.init) ?? FixedDecimal.string(timeout, decimals: 1)
            task = Task {
                var seconds = 0
                while !Task.isCancelled {
                    let state = await service.currentState.map(StatusLine.text) ?? "connecting…"
                    line.write("Waiting for a fix from \(source.terminalSafe) · \(state) · \(seconds) s of \(limit) s")
                    try? await Task.sleep(for: .seconds(1))
                    seconds += 1
                }
            }
        }

        /// Stops redrawing and clears the line.
        func stop() async {
            task?.cancel()
            await task?.value
            line.clear()
        }
    }

    /// Starts the waiting line for a request to `service` (nothing when the line is off).
    func waiting(for service: LocationService, source: String, timeout: Double) -> Waiting {
        Waiting(self, service: service, source: source, timeout: timeout)
    }
}
