import ServiceLifecycle

/// Runs a loop that waits on `rings`, beating them every `interval` on `clock` so the loop
/// also wakes when nothing rings; both stop when `body` returns or the group shuts down.
enum Ticker {
    static func run(
        every interval: Duration, on clock: any Clock<Duration>, beating rings: ReportRings,
        _ body: @escaping @Sendable () async -> Void
    ) async {
        rings.ring()  // a first look at once
        await withDiscardingTaskGroup { group in
            group.addTask { await beat(rings, every: interval, on: clock) }
            await cancelWhenGracefulShutdownOrEnd(body)
            rings.end()
            group.cancelAll()
        }
    }

    private static func beat<C: Clock<Duration>>(_ rings: ReportRings, every interval: Duration, on clock: C) async {
        while (try? await clock.sleep(until: clock.now.advanced(by: interval), tolerance: nil)) != nil {
            rings.beat()
        }
    }

    private static func cancelWhenGracefulShutdownOrEnd(_ body: @escaping @Sendable () async -> Void) async {
        try? await cancelWhenGracefulShutdown { await body() }
    }
}
