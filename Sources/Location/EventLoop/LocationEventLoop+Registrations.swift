import Glibc
import Locking

extension LocationEventLoop {
    /// What a reader says after its turn.
    enum ReaderOutcome {
        /// Nothing more to read now: call it again when `poll()` says its descriptor is
        /// readable (or hung up, or failed).
        case waitForInput
        /// It stopped with input possibly still buffered (it read its share of a round):
        /// call it again next round without waiting.
        case readAgain
        /// Call it again at `deadline`, not before, whatever arrives meanwhile: input that
        /// comes fast is read in batches (see ``GPSDMultiplexer``).
        case readAt(ContinuousClock.Instant)
        /// It is finished: forget it (its `end` is called).
        case finished
    }

    /// The descriptors the loop thread polls and who waits on them. Owned by the loop thread:
    /// other threads reach it only through ``LocationEventLoop/execute(_:)``.
    struct Registrations {
        private struct Reader {
            let id: UInt64
            let fileDescriptor: Int32
            /// Called when the descriptor has input, or at once after ``ReaderOutcome/readAgain``.
            let read: () -> ReaderOutcome
            /// Called once when the reader is removed (not after it said ``ReaderOutcome/finished``).
            let end: () -> Void
            var ready: Bool
            /// Not polled; ready at this time (``ReaderOutcome/readAt(_:)``).
            var deadline: ContinuousClock.Instant?
        }

        private struct WriteWaiter {
            let fileDescriptor: Int32
            let continuation: CheckedContinuation<Void, Never>
        }

        private static let waitIDs = Locked<UInt64>(0)

        /// A new identifier for ``addWriteWaiter(_:fileDescriptor:continuation:)``.
        static func makeWaitID() -> UInt64 {
            waitIDs.withLock { id in
                id += 1
                return id
            }
        }

        /// Few (one per gpsd connection): an array, walked in place every round.
        private var readers: [Reader] = []
        private var nextReaderID: UInt64 = 0
        private var writeWaiters: [UInt64: WriteWaiter] = [:]
        /// Waits ended (cancelled) before they were added.
        private var endedWaits: Set<UInt64> = []
        /// The order of the descriptors last given to `poll()`: readers, then write waiters.
        private var polled: [(reader: UInt64?, waiter: UInt64?)] = []

        /// Whether a reader has input buffered (the loop must not sleep).
        var hasReadySource: Bool { readers.contains { $0.ready } }

        /// Registers a reader of `fileDescriptor`, called first at the next round (input may
        /// already be waiting).
        ///
        /// - Returns: its identifier, for ``removeReader(_:)``.
        mutating func addReader(
            fileDescriptor: Int32, read: @escaping () -> ReaderOutcome, end: @escaping () -> Void
        ) -> UInt64 {
            nextReaderID += 1
            readers.append(
                Reader(id: nextReaderID, fileDescriptor: fileDescriptor, read: read, end: end, ready: true))
            return nextReaderID
        }

        /// Removes a reader and calls its `end`; nothing when it is already gone.
        mutating func removeReader(_ id: UInt64) {
            guard let index = readers.firstIndex(where: { $0.id == id }) else { return }
            readers.remove(at: index).end()
        }

        mutating func addWriteWaiter(
            _ id: UInt64, fileDescriptor: Int32, continuation: CheckedContinuation<Void, Never>
        ) {
            if endedWaits.remove(id) != nil {
                continuation.resume()
                return
            }
            writeWaiters[id] = WriteWaiter(fileDescriptor: fileDescriptor, continuation: continuation)
        }

        /// Resumes a waiter now (its task was cancelled); one not added yet is resumed as it
        /// arrives.
        mutating func endWriteWaiter(_ id: UInt64) {
            if let waiter = writeWaiters.removeValue(forKey: id) {
                waiter.continuation.resume()
            } else {
                endedWaits.insert(id)
            }
        }

        /// Gives each reader with input its turn.
        mutating func readReadySources() {
            var index = 0
            while index < readers.count {
                guard readers[index].ready else {
                    index += 1
                    continue
                }
                switch readers[index].read() {
                case .waitForInput:
                    readers[index].ready = false
                    index += 1
                case .readAgain:
                    index += 1
                case .readAt(let deadline):
                    readers[index].ready = false
                    readers[index].deadline = deadline
                    index += 1
                case .finished:
                    readers.remove(at: index)
                }
            }
        }

        /// The earliest deadline of a reader that waits for one (``ReaderOutcome/readAt(_:)``).
        var nextDeadline: ContinuousClock.Instant? {
            readers.lazy.compactMap(\.deadline).min()
        }

        /// Makes the readers whose deadline has come ready.
        mutating func noteTime(_ now: ContinuousClock.Instant) {
            for index in readers.indices {
                if let deadline = readers[index].deadline, deadline <= now {
                    readers[index].deadline = nil
                    readers[index].ready = true
                }
            }
        }

        /// Adds what to poll: the readers waiting for input, the write waiters.
        mutating func appendPollDescriptors(to fds: inout [pollfd]) {
            polled.removeAll(keepingCapacity: true)
            for reader in readers where !reader.ready && reader.deadline == nil {
                fds.append(pollfd(fd: reader.fileDescriptor, events: Int16(POLLIN), revents: 0))
                polled.append((reader.id, nil))
            }
            for (id, waiter) in writeWaiters {
                fds.append(pollfd(fd: waiter.fileDescriptor, events: Int16(POLLOUT), revents: 0))
                polled.append((nil, id))
            }
        }

        /// Takes in what `poll()` reported for the descriptors of ``appendPollDescriptors(to:)``.
        mutating func note(_ results: ArraySlice<pollfd>) {
            for (entry, result) in zip(polled, results) where result.revents != 0 {
                if let id = entry.reader, let index = readers.firstIndex(where: { $0.id == id }) {
                    readers[index].ready = true  // input, the end of the stream, or an error
                } else if let waiter = entry.waiter, let ended = writeWaiters.removeValue(forKey: waiter) {
                    ended.continuation.resume()
                }
            }
        }
    }
}
