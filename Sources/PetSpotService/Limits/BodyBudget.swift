import Locking

/// The memory that all request bodies being received may take together.
///
/// Bodies are read into memory (a photo up to 10 MB), so without a common bound a few dozen
/// uploads held open at once could take gigabytes. Each request gets a ``Lease`` (set by
/// ``BodyBudgetMiddleware`` for the time the request is answered); reading a body reserves its
/// bytes as they arrive, and the lease gives them back when the answer is done. A body that
/// would go past the budget is refused with 503 and `Retry-After` (``RequestBody``).
public final class BodyBudget: Sendable {
    /// The budget, in bytes.
    public let capacity: Int
    private let used = Locked(0)

    /// A budget of `capacity` bytes.
    public init(capacity: Int) {
        self.capacity = max(0, capacity)
    }

    /// The bytes reserved now.
    public var inUse: Int { used.withLock { $0 } }

    /// Whether `bytes` more would fit now (nothing is reserved).
    func fits(_ bytes: Int) -> Bool {
        used.withLock { $0 } <= capacity - bytes
    }

    /// Reserves `bytes`; false (and nothing reserved) when that would go past the capacity.
    func reserve(_ bytes: Int) -> Bool {
        used.withLock { used in
            guard used <= capacity - bytes else { return false }
            used += bytes
            return true
        }
    }

    func release(_ bytes: Int) {
        used.withLock { $0 -= bytes }
    }

    /// The lease of the request being answered by this task, if any.
    @TaskLocal static var lease: Lease?

    /// One request's share of the budget: what its body readers reserved, given back at once
    /// when the request is answered.
    final class Lease: Sendable {
        let budget: BodyBudget
        private let held = Locked(0)

        init(_ budget: BodyBudget) {
            self.budget = budget
        }

        /// Reserves `bytes` for this request; false when the budget has no room.
        func reserve(_ bytes: Int) -> Bool {
            guard budget.reserve(bytes) else { return false }
            held.withLock { $0 += bytes }
            return true
        }

        /// Gives back everything this request reserved.
        func end() {
            let bytes = held.withLock { held in
                defer { held = 0 }
                return held
            }
            budget.release(bytes)
        }
    }
}
