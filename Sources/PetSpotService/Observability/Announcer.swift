public import Logging
public import PetSpotJSON

/// The lines `petspot serve` says whatever the log level (where it listens, where the pages
/// are, why it could not start), on standard error (``StandardError``): `petspot: TEXT` as
/// text, or, with `--log-format json`, one JSON object a line like every log line —
/// `{"time", "level": "notice", "label": "petspot.serve", "message": TEXT, …fields}`.
///
/// ```swift
/// let announcer = Announcer(json: true)
/// announcer.say("listening on http://127.0.0.1:8080", fields: [("url", "http://127.0.0.1:8080")])
/// // {"time":"…","level":"notice","label":"petspot.serve","message":"listening on http://127.0.0.1:8080","url":"http://127.0.0.1:8080"}
/// ```
public struct Announcer: Sendable {
    /// Whether lines are JSON objects.
    public let json: Bool
    /// The label of JSON lines (the server logger's).
    public let label: String

    /// An announcer writing text lines, or JSON lines labelled `label`.
    public init(json: Bool, label: String = "petspot.serve") {
        self.json = json
        self.label = label
    }

    /// Says `text` (at `level` in JSON; text lines carry no level), with `fields` in JSON.
    public func say(_ text: String, level: Logger.Level = .notice, fields: [(String, JSONValue)] = []) {
        if json {
            StandardError.write(JSONLogHandler.line(level: level, label: label, message: text, fields: fields))
        } else {
            StandardError.write("petspot: \(text)\n")
        }
    }
}
