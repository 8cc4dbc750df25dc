import Foundation
import GPSDTestSupport
import Geodata
import Synchronization

/// The baseline: `gpspipe -w` (gpsd-clients) connected to the same gpsd, its JSON lines read
/// as they come and each TPV's latitude handed out with five decimals, the way a shell
/// pipeline or a script would consume gpsd.
final class GPSPipeReader: Sendable {
    let latitudes: AsyncStream<String>
    private let process: Process

    init(port: Int) throws {
        let (stream, continuation) = AsyncStream.makeStream(of: String.self, bufferingPolicy: .bufferingNewest(65_536))
        latitudes = stream
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try GPSDTools.require(GPSDTools.gpspipe))
        process.arguments = ["-w", "127.0.0.1:\(port)"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        self.process = process
        let handle = pipe.fileHandleForReading
        Thread.detachNewThread {
            var pending = Data()
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                pending.append(chunk)
                while let newline = pending.firstIndex(of: 0x0A) {
                    let line = pending[pending.startIndex..<newline]
                    pending = Data(pending[pending.index(after: newline)...])
                    // A TPV line's "lat" number, read the way a script would (no JSON parser).
                    guard let text = String(data: line, encoding: .utf8), text.contains("\"class\":\"TPV\""),
                        let key = text.range(of: "\"lat\":")
                    else { continue }
                    let number = text[key.upperBound...].prefix { $0.isNumber || $0 == "." || $0 == "-" }
                    guard let latitude = Double(number), let formatted = FiveDecimalFormat.string(latitude) else {
                        continue
                    }
                    continuation.yield(formatted)
                }
            }
            continuation.finish()
        }
    }

    /// Kills gpspipe. (No `waitUntilExit()`: on Linux it spins a run loop that an async
    /// benchmark never drives; Foundation reaps the child itself.)
    func stop() {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    deinit { stop() }
}
