import ArgumentParser
import Location

/// `permission grant`, `deny` and `reset`: a change to the saved answer, then the permission
/// as `permission status` prints it.
protocol PermissionChange: ParsableCommand {
    /// `--json`.
    var output: JSONOutputOption { get }
    /// The change itself.
    func change(_ authorizer: PersistedConsentAuthorizer) throws(ConsentStoreError)
}

extension PermissionChange {
    /// Runs ``change(_:)``, turning a file error into exit status 1.
    func run() throws {
        let authorizer = PersistedConsentAuthorizer()
        do {
            try change(authorizer)
        } catch {
            LocationOutput.fail(code: "consentFile", message: error.description, json: output.json)
            throw ExitCode(1)
        }
        PetSpot.Permission.report(authorizer, json: output.json)
        if let explanation = authorizer.policy.explanation(), !output.json {
            printError("saved, but it changes nothing while the restriction lasts. \(explanation)")
        }
    }
}
