public import Foundation

/// A system policy that forbids location use, set by an administrator: the status is then
/// ``AuthorizationStatus/restricted`` whatever the person answered, like a device
/// management profile on a phone.
///
/// Location use is restricted when either
/// - the environment variable `PETSPOT_LOCATION_POLICY` is `restricted`, or
/// - the file `/etc/petspot/location-policy` exists and its first word is `restricted`
///   (a `#` starts a comment).
///
/// Both can only restrict: no value of the variable lifts the file's restriction, so a
/// user cannot undo an administrator's policy from their shell.
///
/// ```swift
/// RestrictionPolicy.system.restriction()   // nil, or "PETSPOT_LOCATION_POLICY=restricted"
/// ```
public struct RestrictionPolicy: Sendable, Hashable {
    /// The environment variable that restricts location use when it is `restricted`.
    public static let environmentVariable = "PETSPOT_LOCATION_POLICY"
    /// The administrator's policy file.
    public static let systemFile = URL(fileURLWithPath: "/etc/petspot/location-policy")

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
        if environment[Self.environmentVariable]?.trimmingSpaces.lowercased() == "restricted" {
            return "\(Self.environmentVariable)=restricted"
        }
        guard let text = try? String(contentsOf: policyFile, encoding: .utf8) else { return nil }
        for line in text.split(whereSeparator: \.isNewline) {
            let content = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            guard let word = content.split(whereSeparator: { $0 == " " || $0 == "\t" }).first else { continue }
            return word.lowercased() == "restricted" ? policyFile.path : nil
        }
        return nil
    }

    /// Whether location use is restricted.
    public var isRestricted: Bool { restriction() != nil }
}
