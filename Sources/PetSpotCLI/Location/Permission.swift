import ArgumentParser
import Foundation
import Location

extension PetSpot {
    /// `petspot permission status|grant|deny|reset`.
    struct Permission: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show or change whether PetSpot may use your location.",
            discussion: """
                The answer is kept in $XDG_CONFIG_HOME/petspot/location-consent.json \
                (~/.config/petspot/ when XDG_CONFIG_HOME is unset). An administrator can \
                restrict location use for everyone with /etc/petspot/location-policy \
                containing "restricted", or PETSPOT_LOCATION_POLICY=restricted; the status \
                is then "restricted" whatever was granted, and only removing the policy \
                lifts it. `reset` removes only a file (or a symbolic link) at the consent \
                path, never a directory.
                """,
            subcommands: [Status.self, Grant.self, Deny.self, Reset.self],
            defaultSubcommand: Status.self
        )

        /// Prints the effective status (and, for changes, what was stored).
        static func report(_ authorizer: PersistedConsentAuthorizer, json: Bool) {
            let authorization = authorizer.authorization
            let restriction = authorizer.policy.restriction()
            var unreadable: String?
            do {
                _ = try authorizer.store.read()
            } catch {
                unreadable = error.description
            }
            warn(authorizer.policy)
            if json {
                print(
                    JSONValue.object([
                        ("status", .string(authorization.status.rawValue)),
                        ("accuracy", authorization.isAuthorized ? .string(authorization.accuracy.rawValue) : .null),
                        ("consentFile", .string(authorizer.store.fileURL.path)),
                        ("restrictedBy", .string(restriction)),
                        ("problem", .string(unreadable)),
                    ]).text)
                return
            }
            print("Location permission: \(authorization)")
            print("Consent file: \(authorizer.store.fileURL.path)")
            if let restriction { print("Restricted by: \(restriction)") }
            if let unreadable { printError(unreadable) }
        }

        /// Prints the policy's warnings (a value that restricts nothing) to standard error.
        static func warn(_ policy: RestrictionPolicy) {
            for warning in policy.warnings { printError("warning: \(warning)") }
        }

        struct Status: ParsableCommand {
            static let configuration = CommandConfiguration(abstract: "Show the current permission (the default).")
            @OptionGroup var output: JSONOutputOption
            func run() throws { Permission.report(PersistedConsentAuthorizer(), json: output.json) }
        }

        struct Grant: PermissionChange {
            static let configuration = CommandConfiguration(abstract: "Allow PetSpot to use your location.")
            @Flag(help: "Allow at any time (authorizedAlways), not only while in use.") var always = false
            @Flag(help: "Allow approximate locations only (about 2 km).") var approximate = false
            @OptionGroup var output: JSONOutputOption
            func change(_ authorizer: PersistedConsentAuthorizer) throws(ConsentStoreError) {
                let status: AuthorizationStatus = always ? .authorizedAlways : .authorizedWhenInUse
                let accuracy: AccuracyAuthorization = approximate ? .reducedAccuracy : .fullAccuracy
                try authorizer.grant(status, accuracy: accuracy)
            }
        }

        struct Deny: PermissionChange {
            static let configuration = CommandConfiguration(abstract: "Refuse location use.")
            @OptionGroup var output: JSONOutputOption
            func change(_ authorizer: PersistedConsentAuthorizer) throws(ConsentStoreError) { try authorizer.deny() }
        }

        struct Reset: PermissionChange {
            static let configuration = CommandConfiguration(abstract: "Forget the answer: ask again next time.")
            @OptionGroup var output: JSONOutputOption
            func change(_ authorizer: PersistedConsentAuthorizer) throws(ConsentStoreError) { try authorizer.reset() }
        }
    }
}
