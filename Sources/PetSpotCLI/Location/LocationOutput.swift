import Foundation
import Location

/// How `locate` and `watch` end: exit statuses and failure messages. The JSON of fixes,
/// states and errors is ``LocationJSON``'s, shared with the rest of the product.
enum LocationOutput {
    /// Exit status: 2 not allowed, 3 no fix in time, 4 provider unavailable, 130 cancelled.
    static func exitCode(_ error: LocationError) -> Int32 {
        switch error {
        case .notDetermined, .denied, .restricted: 2
        case .noFix: 3
        case .providerUnavailable: 4
        case .cancelled: 130
        }
    }

    /// Prints a failure: `{"error": code, "message": text}` on stdout with `--json`, else
    /// the message on stderr.
    static func fail(code: String, message: String, json: Bool) {
        if json {
            print(LocationJSON.error(code: code, message: message))
        } else {
            FileHandle.standardError.write(Data("petspot: \(message)\n".utf8))
        }
    }

    /// ``fail(code:message:json:)`` for a ``LocationError``.
    static func fail(_ error: LocationError, json: Bool) {
        fail(code: LocationJSON.errorCode(error), message: error.description, json: json)
    }
}
