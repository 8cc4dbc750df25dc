import Foundation
import FuzzSupport
import Location

/// Fuzzes reading the persisted location consent (`$XDG_CONFIG_HOME/petspot/consent.json`):
/// whatever the file holds, `read()` returns a stored answer or throws `unreadable` naming the
/// file — it never crashes, and it never reports `restricted` (a policy, not a stored answer).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConsentFile(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(bytes: data, count: size)
    guard (try? bytes.write(to: file)) != nil else { return 0 }
    do {
        let stored = try ConsentStore(fileURL: file).read()
        require(stored?.status != .restricted, "a file made the answer 'restricted'")
        require(stored?.status != .notDetermined, "a stored answer of notDetermined")
    } catch {
        require(error.description.contains(file.path), "error does not name the file: \(error)")
    }
    return 0
}

private let file = URL(fileURLWithPath: NSTemporaryDirectory())
    .appendingPathComponent("petspot-fuzz-consent-\(ProcessInfo.processInfo.processIdentifier).json")
