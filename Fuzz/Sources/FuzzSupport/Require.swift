import Foundation

/// Checks a property of the input under test: when `condition` is false, prints
/// `property violated: MESSAGE` and aborts, so libFuzzer saves the input as a crash.
///
/// ```swift
/// require(coordinate.latitude.degrees <= 90, "accepted \(coordinate)")
/// ```
public func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition {
        // stderr is unbuffered: the message is out before abort().
        FileHandle.standardError.write(Data("property violated: \(message())\n".utf8))
        abort()
    }
}
