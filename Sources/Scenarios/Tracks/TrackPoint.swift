public import Foundation

/// One point of an imported track: a fix or a no-fix report, at a time when the file says.
public struct TrackPoint: Sendable, Hashable {
    /// The time the file gives (GPX `time`, NMEA RMC date and time), if any.
    public var time: Date?
    /// The fix, or nil when the receiver reported no fix at this point.
    public var fix: ScenarioFix?
    /// The line in the file the point comes from.
    public var line: Int
}

/// An error in a track file, at a line and column.
public struct TrackError: Error, Sendable, Hashable, CustomStringConvertible {
    /// 1-based line.
    public var line: Int
    /// 1-based column, when known.
    public var column: Int?
    /// What is wrong.
    public var message: String

    /// An error at `line`:`column`.
    public init(line: Int, column: Int? = nil, message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    /// `"12:7: message"`.
    public var description: String { "\(line)\(column.map { ":\($0)" } ?? ""): \(message)" }

    /// This error as a ``ScenarioError`` in `file`.
    func inFile(_ file: String) -> ScenarioError {
        ScenarioError(file: file, line: line, column: column, message: message)
    }
}
