/// Decodes gpsd's JSON reports, one line at a time, into the events a ``GPSDProvider`` would
/// send for them: for replaying a `gpspipe -w` capture without a gpsd, or checking what a
/// peer's line would do.
///
/// Each line goes through libgps' own parser (`libgps_json_unpack`, as a line from the socket
/// does) and the same conversion as a live connection, so a decoded fix is the fix
/// a ``LocationService`` would get: a `TPV` with mode 2 or 3 and a valid position is a
/// ``ProviderEvent/fix(_:)`` whose numbers are within ``LocationFix``'s bounds, any other
/// `TPV` is ``ProviderEvent/noFix``, and other lines (`VERSION`, `DEVICES`, `SKY`, garbage)
/// give `nil`. A `SKY` line sets the satellite count of the fixes after it, as on a
/// connection. A line longer than libgps' buffer (20,480 bytes), which a connection never
/// delivers, gives `nil`.
///
/// ```swift
/// var decoder = GPSDLineDecoder(source: FixSource(kind: "gpsd", name: "capture"))
/// for line in capture.split(whereSeparator: \.isNewline) {   // gpsd ends lines with CR LF
///     if case .fix(let fix)? = decoder.decode(line) { print(fix) }   // "52.22970, 21.01230 ±23 m"
/// }
/// ```
///
/// Not Sendable: use one decoder on one task or thread at a time (each owns its libgps state).
public struct GPSDLineDecoder: ~Copyable {
    /// The source every decoded fix names.
    public let source: FixSource
    private var connection = GPSDConnection()

    /// A decoder whose fixes name `source`.
    public init(source: FixSource) {
        self.source = source
    }

    /// The event for one line of gpsd JSON (without its line end; a trailing `\r` is fine).
    ///
    /// - Parameter line: one report, as `gpspipe -w` prints it.
    /// - Returns: ``ProviderEvent/fix(_:)`` or ``ProviderEvent/noFix`` for a `TPV`, `nil` for
    ///   any other line.
    public mutating func decode(_ line: some StringProtocol) -> ProviderEvent? {
        switch connection.unpack(line) {
        case .report(let report): report.event(source: source)
        case .other: nil
        }
    }
}
