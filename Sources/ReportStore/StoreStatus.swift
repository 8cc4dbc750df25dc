/// What `petspot store status` shows of a reports store: its engine, the schema version it
/// has and the one this petspot needs, how many reports it keeps and its size on disk.
///
/// ```swift
/// let status = try await ReportStoreOpener.status(url)
/// status.isCurrent          // false: run `petspot store migrate`
/// ```
public struct StoreStatus: Sendable, Hashable {
    /// `SQLite` or `PostgreSQL`.
    public var engine: String
    /// The last migration applied (0: none; a store not made yet).
    public var schemaVersion: Int
    /// The last migration this petspot knows, which it needs.
    public var latestSchemaVersion: Int
    /// Reports kept.
    public var reports: Int
    /// Bytes on disk: the SQLite file with its write-ahead log, or the PostgreSQL database.
    public var bytes: Int64

    public init(engine: String, schemaVersion: Int, latestSchemaVersion: Int, reports: Int, bytes: Int64) {
        self.engine = engine
        self.schemaVersion = schemaVersion
        self.latestSchemaVersion = latestSchemaVersion
        self.reports = reports
        self.bytes = bytes
    }

    /// Whether the schema is the one this petspot needs.
    public var isCurrent: Bool { schemaVersion == latestSchemaVersion }
}

extension ReportStoreError {
    /// A store whose schema is older than this petspot needs, opened by a command that does
    /// not migrate (a read-only one).
    public static func schemaOlder(_ what: String, version: Int, needed: Int) -> ReportStoreError {
        .unavailable(
            what,
            "its schema is version \(version) and this petspot needs version \(needed); run `petspot store migrate` "
                + "first (it may take minutes on a large store).")
    }

    /// A store whose schema is newer than this petspot knows.
    public static func schemaNewer(_ what: String, version: Int, known: Int) -> ReportStoreError {
        .unavailable(
            what,
            "its schema is version \(version), from a newer petspot; this petspot knows versions up to \(known): "
                + "use the newer petspot.")
    }
}

/// What opening a store does about its schema.
public enum SchemaUse: Sendable, Hashable {
    /// Applies the migrations not yet applied: a server, `petspot store migrate`, a command that
    /// writes.
    case migrate
    /// Refuses a schema older than this petspot needs (saying to run `petspot store migrate`)
    /// and does not change it; a store with no schema yet is made whole. Read-only commands.
    case current
    /// Leaves the schema as it is, whatever its version (`petspot store status`).
    case asItIs
}
