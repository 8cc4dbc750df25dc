import Foundation
import Location
import OutsideInput

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
            // An accuracy from outside can be huge or NaN: clamp, never trap.
            if let accuracy = fix.horizontalAccuracy, let meters = Int(roundingSaturating: accuracy) {
                parts.append("±\(meters) m")
            }
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
