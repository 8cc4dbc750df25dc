import Foundation
import LocationTestSupport
import Testing

/// `Locked` takes and gives values as `sending`, like `Synchronization.Mutex`, so the compiler
/// refuses a non-`Sendable` instance that would stay reachable around the lock. These tests
/// compile small programs against the built `Locking` module and check what the compiler says.
@Suite(.serialized) struct LockedSendingTests {
    static let prelude = "import Locking\nfinal class Box { var count = 0 }\n"

    /// The compiler's complaints about `body` (empty when it compiles), with `swiftc -emit-sil`
    /// in Swift 6 mode: region-based isolation is checked on SIL, after type checking.
    static func diagnostics(_ body: String) async throws -> [String] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("locked-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("main.swift")
        try Data((prelude + body).utf8).write(to: source)
        let modules = BuiltProducts.directory.appendingPathComponent("Modules")
        let output = try await ProcessRun.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["swiftc", "-swift-version", "6", "-emit-sil", "-o", "/dev/null", "-I", modules.path, source.path],
            timeout: .seconds(120))
        return output.stderr.split(separator: "\n").filter { $0.contains("error:") }.map(String.init)
    }

    @Test func aFreshValueGoesInAndPlainValuesComeOut() async throws {
        let errors = try await Self.diagnostics(
            """
            func use() -> Int {
                let boxes = Locked(Box())
                boxes.withLock { $0 = Box() }
                return boxes.withLock { $0.count }
            }
            """)
        #expect(errors.isEmpty, "\(errors)")
    }

    @Test func anInstanceStillUsedOutsideCannotBeLocked() async throws {
        let errors = try await Self.diagnostics(
            """
            func share() {
                let shared = Box()
                let boxes = Locked(shared)
                _ = boxes
                shared.count += 1
            }
            """)
        #expect(errors.contains { $0.contains("sending 'shared' risks causing data races") }, "\(errors)")
    }

    @Test func anInstanceStillUsedOutsideCannotBeStoredInside() async throws {
        let errors = try await Self.diagnostics(
            """
            func share(_ boxes: Locked<Box>) {
                let shared = Box()
                boxes.withLock { $0 = shared }
                shared.count += 1
            }
            """)
        #expect(errors.contains { $0.contains("'inout sending' parameter") }, "\(errors)")
    }
}
