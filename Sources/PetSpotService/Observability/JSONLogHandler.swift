import Foundation
public import Logging
public import PetSpotJSON

#if canImport(Glibc)
    import Glibc
#endif

/// A swift-log handler that writes one JSON object a line to standard error (`petspot serve
/// --log-format json`), for log collectors: `time` (UTC, milliseconds), `level`, `label`,
/// `message`, then the metadata as fields (a field that would repeat one of those four gets
/// the prefix `metadata.`). A value logged as a number (`.stringConvertible(200)`) is a JSON
/// number, a `Bool` a JSON boolean; everything else a string.
///
/// ```json
/// {"time":"2026-11-28T03:10:00.123Z","level":"info","label":"petspot.serve","message":"request","bytes":15,"client":"127.0.0.1","duration_ms":0.41,"hb.request.id":"7f…","method":"GET","path":"/healthz","status":200}
/// ```
///
/// Hand-written: swift-log ships only a text handler (`StreamLogHandler`).
public struct JSONLogHandler: LogHandler {
    public var metadata: Logger.Metadata = [:]
    public var logLevel: Logger.Level = .info
    private let label: String
    private let write: @Sendable (String) -> Void

    /// A handler for `label` writing to standard error (``StandardError``).
    public init(label: String) {
        self.init(label: label, write: { StandardError.write($0) })
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
        let merged = metadata.merging(event.metadata ?? [:]) { _, new in new }
        let fields = merged.sorted(by: { $0.key < $1.key }).map { ($0.key, Self.json($0.value)) }
        write(Self.line(level: event.level, label: label, message: event.message.description, fields: fields))
    }

    /// One line: `time`, `level`, `label`, `message`, then `fields` in their order (a field
    /// named like one of the first four gets the prefix `metadata.`), and a newline.
    public static func line(level: Logger.Level, label: String, message: String, fields: [(String, JSONValue)])
        -> String
    {
        var object: [(String, JSONValue)] = [
            ("time", .string(timestamp())), ("level", .string(level.rawValue)), ("label", .string(label)),
            ("message", .string(message)),
        ]
        for (key, value) in fields {
            object.append((["time", "level", "label", "message"].contains(key) ? "metadata." + key : key, value))
        }
        return JSONValue.object(object).text + "\n"
    }

    private static func json(_ value: Logger.Metadata.Value) -> JSONValue {
        switch value {
        case .string(let text): .string(text)
        case .stringConvertible(let convertible as any BinaryInteger): .number(Double(convertible))
        case .stringConvertible(let convertible as Double) where convertible.isFinite: .number(convertible)
        case .stringConvertible(let convertible as Bool): .bool(convertible)
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
}
