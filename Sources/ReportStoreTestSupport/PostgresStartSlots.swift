import Glibc

/// How many PostgreSQL servers may be starting at once on this machine, across every test
/// process (a parallel `bash scripts/test` runs several): `initdb` and the first start take a
/// few seconds of CPU each, and seven at once on two cores (a parallel run did that) starved
/// the tests already talking to a server until their store's 15 s timeout. A start takes a
/// slot, a lock file held with `flock`, and gives it back once `pg_ctl` says the server
/// accepts connections (or the start failed).
enum PostgresStartSlots {
    /// Servers that may start at once.
    static let count = 2

    /// The lock file of slot `slot`: in `/tmp` whatever `TMPDIR` says, so that every test
    /// process of the machine shares them.
    static func path(_ slot: Int) -> String { "/tmp/petspot-tests-postgres-start-\(slot).lock" }

    /// Runs `body` holding a slot, waiting (without blocking a thread) until one is free.
    static func withSlot<T>(_ body: () async throws -> T) async throws -> T {
        let descriptor = try await take()
        defer { close(descriptor) }
        return try await body()
    }

    /// A slot's open, locked file. `O_CLOEXEC`: the programs a start runs (`pg_ctl`, the
    /// server it leaves running) must not inherit the lock and hold it for ever.
    private static func take() async throws -> Int32 {
        while true {
            for slot in 0..<count {
                let descriptor = open(path(slot), O_RDWR | O_CREAT | O_CLOEXEC, 0o666)
                guard descriptor >= 0 else {
                    throw PostgresServer.Failure(
                        description: "cannot open \(path(slot)): \(String(cString: strerror(errno)))")
                }
                if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { return descriptor }
                close(descriptor)
            }
            try await Task.sleep(for: .milliseconds(50))
        }
    }
}
