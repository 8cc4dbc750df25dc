import Foundation
import Locking
public import Logging
import PetSpotJSON

#if canImport(Glibc)
    import Glibc
#endif

/// A swift-log handler that writes one JSON object a line to standard error (`petspot serve
/// --log-format json`), for log collectors: `time` (UTC, milliseconds), `level`, `label`,
/// `message`, then the metadata as fields (a field that would repeat one of those four gets
/// the prefix `metadata.`).
///
/// ```json
/// {"time":"2026-11-28T03:10:00.123Z","level":"info","label":"petspot.serve","message":"request","hb.request.id":"7f…","method":"GET","path":"/healthz","status":"200","duration_ms":"0.41"}
/// ```
///
/// Hand-written: swift-log ships only a text handler (`StreamLogHandler`).
public struct JSONLogHandler: LogHandler {
    public var metadata: Logger.Metadata = [:]
    public var logLevel: Logger.Level = .info
    private let label: String
    private let write: @Sendable (String) -> Void

    /// A handler for `label` writing to standard error.
    public init(label: String) {
        self.init(label: label, write: Self.standardError)
    }

    /// A handler for `label` that hands each line (with its newline) to `write`.
    public init(label: String, write: @escaping @Sendable (String) -> Void) {
        self.label = label
        self.write = write
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var fields: [(String, JSONValue)] = [
            ("time", .string(Self.timestamp())), ("level", .string(event.level.rawValue)), ("label", .string(label)),
            ("message", .string(event.message.description)),
        ]
        let merged = metadata.merging(event.metadata ?? [:]) { _, new in new }
        for (key, value) in merged.sorted(by: { $0.key < $1.key }) {
            let name = ["time", "level", "label", "message"].contains(key) ? "metadata." + key : key
            fields.append((name, Self.json(value)))
        }
        write(JSONValue.object(fields).text + "\n")
    }

    private static func json(_ value: Logger.Metadata.Value) -> JSONValue {
        switch value {
        case .string(let text): .string(text)
        case .stringConvertible(let convertible): .string(convertible.description)
        case .array(let values): .array(values.map(json))
        case .dictionary(let members): .object(members.sorted { $0.key < $1.key }.map { ($0.key, json($0.value)) })
        }
    }

    /// Now, as `2026-11-28T03:10:00.123Z`.
    static func timestamp(_ date: Date = Date()) -> String {
        let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
        var seconds = time_t(milliseconds / 1000)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let fraction = String(milliseconds % 1000 + 1000).dropFirst()
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T\(two(parts.tm_hour)):"
            + "\(two(parts.tm_min)):\(two(parts.tm_sec)).\(fraction)Z"
    }

    /// Lines from every thread, one whole line per write.
    private static let standardErrorLock = Locked(())

    private static let standardError: @Sendable (String) -> Void = { line in
        standardErrorLock.withLock { _ in
            var bytes = Array(line.utf8)
            var offset = 0
            while offset < bytes.count {
                let written = bytes[offset...].withUnsafeMutableBytes { Glibc.write(2, $0.baseAddress, $0.count) }
                guard written > 0 else { return }
                offset += written
            }
        }
    }
}
