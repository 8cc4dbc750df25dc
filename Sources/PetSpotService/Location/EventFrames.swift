import Location
import Synchronization

/// The event text of the latest update, made once for every event-stream client
/// (``LocationEventStream``): each update reaches every client, and before this each client's
/// loop encoded it again — a thousand JSON encodings of one fix at 1,000 clients.
///
/// One entry, the latest update: every client writes the same update within moments of the
/// others, so an older one is needed only by a client that fell behind, which then encodes it
/// itself (the text is the same either way).
///
/// ```swift
/// let frames = EventFrames()
/// frames.frame(update)    // "event: fix\ndata: {…}\n\n", encoded by the first client to ask
/// ```
final class EventFrames: Sendable {
    private let latest = Mutex<(update: LocationUpdate, text: String)?>(nil)

    /// `update`'s event (``LocationEventStream/frame(_:)``), encoded at most once while it is
    /// the latest.
    func frame(_ update: LocationUpdate) -> String {
        if let text = latest.withLock({ $0?.update == update ? $0?.text : nil }) { return text }
        let text = LocationEventStream.frame(update)
        latest.withLock { $0 = (update, text) }
        return text
    }
}
