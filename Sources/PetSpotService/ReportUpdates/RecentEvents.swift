import NIOCore
import ReportStore

/// The latest report events a server has read from its store's event log, in order, for every
/// alerts client to take from (``ReportEventFeed``): the log is read once per change, not once
/// per client. Holds at most ``capacity`` events; every event numbered above ``floor`` and up
/// to ``last`` is here, so a client that has seen ``floor`` or later is served from memory and
/// one further behind (a `Last-Event-ID` from long ago) reads the store itself.
///
/// A value type with no I/O: ``ReportEventFeed`` keeps it behind a lock.
struct RecentEvents: Sendable {
    /// An event and its Server-Sent Event for clients that watch no area, made once: every such
    /// client writes the same buffer (NIO shares its storage).
    struct Entry: Sendable {
        let event: ReportEvent
        let frame: ByteBuffer
    }

    /// What a client gets when it asks for the events after the last one it has.
    enum Lookup: Equatable {
        /// These, oldest first (empty: nothing newer yet).
        case events([ReportEvent])
        /// Its last event is older than what is kept: read the store's log.
        case older
    }

    let capacity: Int
    /// The events after ``floor``, oldest first.
    private(set) var entries: [Entry] = []
    private var start = 0
    /// Every event after this one, up to ``last``, is kept; `nil` until the log's end is known.
    private(set) var floor: Int64?
    /// The last event read from the log.
    private(set) var last: Int64?

    init(capacity: Int = 4096) {
        self.capacity = max(1, capacity)
    }

    /// Starts at the log's end, `sequence`: nothing before it is kept.
    mutating func begin(at sequence: Int64) {
        guard last == nil else { return }
        floor = sequence
        last = sequence
    }

    /// Appends `events`, read from the log after ``last`` (oldest first), dropping the oldest
    /// beyond ``capacity``.
    mutating func append(_ events: [ReportEvent]) {
        for event in events {
            guard let last, event.sequence > last else { continue }
            entries.append(Entry(event: event, frame: ByteBuffer(string: ReportEventFrame.text(event, distance: nil))))
            self.last = event.sequence
        }
        let excess = entries.count - start - capacity
        if excess > 0 {
            floor = entries[start + excess - 1].event.sequence
            start += excess
        }
        // Compact now and then, so dropped entries do not pile up.
        if start > capacity {
            entries.removeFirst(start)
            start = 0
        }
    }

    /// The events after `sequence`, at most `limit`.
    func events(after sequence: Int64, limit: Int) -> Lookup {
        entries(after: sequence, limit: limit).map { .events($0.map(\.event)) } ?? .older
    }

    /// The entries after `sequence`, at most `limit`; `nil` when `sequence` is older than what is kept.
    func entries(after sequence: Int64, limit: Int) -> ArraySlice<Entry>? {
        guard let floor, sequence >= floor else { return nil }
        let kept = entries[start...]
        // The first entry after `sequence` (binary search: the entries are in order).
        var low = kept.startIndex
        var high = kept.endIndex
        while low < high {
            let middle = (low + high) / 2
            if kept[middle].event.sequence <= sequence { low = middle + 1 } else { high = middle }
        }
        return kept[low..<min(kept.endIndex, low + max(0, limit))]
    }
}
