import Location
import LocationTestSupport
import PetSpotService
import Testing

/// The systemd notifier without a server: what it reads from the environment, and the watchdog
/// timed on a virtual clock (no real time passes).
@Suite(.timeLimit(.minutes(1)))
struct SystemdNotificationsTests {
    @Test(
        arguments: [
            ([:], nil, nil),
            (["NOTIFY_SOCKET": "relative.sock"], nil, nil),
            (["NOTIFY_SOCKET": "@"], nil, nil),
            (["NOTIFY_SOCKET": "/run/systemd/notify"], "/run/systemd/notify", nil),
            (["NOTIFY_SOCKET": "@petspot", "WATCHDOG_USEC": "30000000"], "@petspot", Duration.seconds(15)),
            (["NOTIFY_SOCKET": "/s", "WATCHDOG_USEC": "30000000", "WATCHDOG_PID": "42"], "/s", Duration.seconds(15)),
            (["NOTIFY_SOCKET": "/s", "WATCHDOG_USEC": "30000000", "WATCHDOG_PID": "7"], "/s", nil),
            (["NOTIFY_SOCKET": "/s", "WATCHDOG_USEC": "soon"], "/s", nil),
            (["NOTIFY_SOCKET": "/s", "WATCHDOG_USEC": "0"], "/s", nil),
        ] as [([String: String], String?, Duration?)])
    func theEnvironmentSaysWhereAndHowOften(environment: [String: String], socket: String?, interval: Duration?) {
        let notifier = SystemdNotifier.fromEnvironment(environment, pid: 42)
        #expect(notifier?.socket == socket)
        #expect(notifier?.watchdogInterval == interval)
    }

    @Test func theWatchdogIsPingedAtEachIntervalOfItsClockThenStoppingIsSaid() async throws {
        let socket = try NotifySocket()
        let clock = VirtualClock()
        let notifications = SystemdNotifications(
            notifier: SystemdNotifier(socket: socket.address, watchdogInterval: .seconds(10)), clock: clock)
        let running = Task { try await notifications.run() }
        #expect(await socket.receive(within: hangGuard) == "WATCHDOG=1", "the first at once")
        for beat in 1...3 {
            try await withDeadline(hangGuard, "the watchdog timer") { try await clock.waitForSleepers(atLeast: 1) }
            #expect(clock.nextDeadline == VirtualClock.Instant(offset: .seconds(10 * beat)), "none before its time")
            await clock.advance(by: .seconds(10))
            #expect(await socket.receive(within: hangGuard) == "WATCHDOG=1")
        }
        running.cancel()
        try await running.value
        #expect(await socket.receive(within: hangGuard) == "STOPPING=1")
    }

    @Test func aSocketThatIsNotThereIsNoError() {
        #expect(!SystemdNotifier(socket: "/nonexistent/petspot-notify").send("READY=1"))
        #expect(!SystemdNotifier(socket: "@" + String(repeating: "x", count: 200)).send("READY=1"))
    }
}
