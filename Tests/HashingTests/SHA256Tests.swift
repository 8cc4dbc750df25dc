import Foundation
import Hashing
import LocationTestSupport
import Testing

/// `SHA256` against FIPS 180-4's examples and against coreutils' `sha256sum` on every length
/// around the block boundaries (where the padding takes one block or two) and on a large input.
struct SHA256Tests {
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
        (
            "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
            "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
        ),
    ])
    func fipsExamples(_ message: String, _ digest: String) {
        #expect(SHA256.hash(data: Array(message.utf8)).hex == digest)
        #expect(SHA256.hash(data: Data(message.utf8)).hex == digest, "contiguous storage")
        #expect(SHA256.hash(data: message.utf8).hex == digest, "any sequence")
    }

    @Test func aMillionAsIsFIPSsLongExample() {
        let digest = SHA256.hash(data: Data(repeating: UInt8(ascii: "a"), count: 1_000_000))
        #expect(digest.hex == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
        #expect(Array(digest).count == 32)
    }

    @Test func everyLengthAroundTheBlockBoundariesIsSha256sums() async throws {
        let lengths = Array(0...130) + [183, 184, 191, 192, 255, 256, 1000, 4096, 65_537]
        var generator = SystemRandomNumberGenerator()
        for length in lengths {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let reference = try await ProcessRun.run(URL(fileURLWithPath: "/usr/bin/sha256sum"), [], stdin: bytes)
            #expect(reference.status == 0, "\(reference.stderr)")
            let expected = String(reference.stdout.prefix(64))
            #expect(SHA256.hash(data: bytes).hex == expected, "\(length) bytes: \(bytes)")
        }
    }
}
