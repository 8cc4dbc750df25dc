public import Foundation
import OutsideInput

/// A system policy that forbids location use, set by an administrator: the status is then
/// ``AuthorizationStatus/restricted`` whatever the person answered, like a device
/// management profile on a phone.
///
/// Location use is restricted when either
/// - the environment variable `PETSPOT_LOCATION_POLICY` is `restricted` (surrounding white
///   space and case ignored), or
/// - the file `/etc/petspot/location-policy` exists and its first word is `restricted`
///   (a `#` starts a comment), or it exists but cannot be read as a regular file (a policy
///   nobody can read must not lift itself).
///
/// Both can only restrict: no value of the variable lifts the file's restriction, so a
/// user cannot undo an administrator's policy from their shell. Any other value of the
/// variable or first word of the file restricts nothing and is reported in ``warnings``.
///
/// ```swift
/// RestrictionPolicy.system.restriction()   // nil, or "PETSPOT_LOCATION_POLICY=restricted"
/// RestrictionPolicy.system.explanation()   // what restricts, and how to lift it
/// ```
public struct RestrictionPolicy: Sendable, Hashable {
    /// The environment variable that restricts location use when it is `restricted`.
    public static let environmentVariable = "PETSPOT_LOCATION_POLICY"
    /// The administrator's policy file.
    public static let systemFile = URL(fileURLWithPath: "/etc/petspot/location-policy")
    /// The largest policy file read.
    static let maximumFileBytes = 65_536

    /// The environment the variable is read from.
    public var environment: [String: String]
    /// The policy file.
    public var policyFile: URL

    /// A policy read from `environment` and `policyFile`.
    public init(environment: [String: String], policyFile: URL = RestrictionPolicy.systemFile) {
        self.environment = environment
        self.policyFile = policyFile
    }

    /// The process environment and `/etc/petspot/location-policy`.
    public static var system: RestrictionPolicy {
        RestrictionPolicy(environment: ProcessInfo.processInfo.environment)
    }

    /// What restricts location use (`"PETSPOT_LOCATION_POLICY=restricted"` or the file's
    /// path), or `nil` when nothing does.
    public func restriction() -> String? {
        evaluate().restrictions.first?.name
    }

    /// Whether location use is restricted.
    public var isRestricted: Bool { restriction() != nil }

    /// What restricts location use and how to lift it, in sentences a person can act on;
    /// `nil` when nothing does.
    public func explanation() -> String? {
        let restrictions = evaluate().restrictions
        guard !restrictions.isEmpty else { return nil }
        return restrictions.map(\.explanation).joined(separator: " ")
    }

    /// Values that restrict nothing but look like an attempt to (an unknown value of the
    /// variable, an unknown first word in the file), one sentence each.
    public var warnings: [String] { evaluate().warnings }

    private struct Restriction {
        var name: String
        var explanation: String
    }

    private func evaluate() -> (restrictions: [Restriction], warnings: [String]) {
        var restrictions: [Restriction] = []
        var warnings: [String] = []
        let variable = Self.environmentVariable
        if let raw = environment[variable] {
            let value = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            if value.lowercased() == "restricted" {
                restrictions.append(
                    Restriction(
                        name: "\(variable)=restricted",
                        explanation:
                            "Location use is restricted by the environment variable \(variable)=restricted; "
                            + "unset it (`unset \(variable)`) to lift the restriction."))
            } else if !value.isEmpty {
                warnings.append(
                    "\(variable)=\"\(value.terminalSafe)\" is not a policy and is ignored: "
                        + "the only value is \"restricted\".")
            }
        }
        let path = policyFile.path
        let bytes: [UInt8]
        do {
            bytes = try InputFile.read(atPath: path, limit: Self.maximumFileBytes)
        } catch .noSuchFile, .notADirectory {
            return (restrictions, warnings)
        } catch {
            restrictions.append(
                Restriction(
                    name: "\(path) (unreadable: \(error))",
                    explanation:
                        "Location use is restricted because the administrator's policy file \(path) cannot be read "
                        + "(\(error)); an administrator can make it a readable file or remove it."))
            return (restrictions, warnings)
        }
        switch Self.firstWord(String(decoding: bytes, as: UTF8.self)) {
        case nil:
            break
        case "restricted":
            restrictions.append(
                Restriction(
                    name: path,
                    explanation:
                        "Location use is restricted by the administrator's policy file \(path); "
                        + "only an administrator can lift it, by removing the file."))
        case let word?:
            warnings.append(
                "The policy file \(path) starts with \"\(word.terminalSafe)\", which is not a policy and is ignored: "
                    + "the only policy is \"restricted\".")
        }
        return (restrictions, warnings)
    }

    /// The first word of the first line that has one, lowercased (`#` starts a comment).
    private static func firstWord(_ text: String) -> String? {
        for line in text.split(whereSeparator: \.isNewline) {
            let content = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            guard let word = content.split(whereSeparator: \.isWhitespace).first else { continue }
            return word.lowercased()
        }
        return nil
    }
}
