import ReportStore

/// A reports store that could not do what a command asked (``ReportStoreError``'s message,
/// made terminal-safe), optionally after what the command was working on (an import's file).
struct StoreFailure: CommandFailure {
    /// What the store said.
    let error: ReportStoreError
    /// What the command was working on, when the message starts with it (`reports.csv`).
    var subject: String?

    var message: String { subject.map { "\($0): \(error.description)" } ?? error.description }
}
