#if Server
    import Foundation
    import Location
    import Logging
    import PetSpotService

    /// What `petspot serve` reloads on SIGHUP, and keeps serving: the operator token file
    /// (`--operator-token-file`) and the location consent file (`petspot permission`, for
    /// `--gpsd` without `--location-consent`). Options and variables stay as the server started
    /// with them. One log line says what was reloaded: at `notice`, or `warning` when something
    /// could not be (the token file unreadable: the token in use stays).
    enum ServeReload {
        static func service(
            tokenFile: String?, token: OperatorToken?, consent: (any LocationAuthorizer)?, logger: Logger
        ) -> HangupReload {
            HangupReload {
                var metadata: Logger.Metadata = [:]
                var failed = false
                if let tokenFile, let token {
                    do throws(OperatorTokenError) {
                        token.replace(with: try OperatorToken.read(file: tokenFile))
                        metadata["operator_token"] = "reloaded from \(tokenFile)"
                    } catch {
                        failed = true
                        metadata["operator_token"] = "kept: \(error.description)"
                    }
                } else {
                    metadata["operator_token"] = token == nil ? "none" : "from the environment, not reloaded"
                }
                if let persisted = consent as? PersistedConsentAuthorizer {
                    metadata["location_consent"] = "\(persisted.reload().status) from \(persisted.store.fileURL.path)"
                } else if let configured = consent as? ConfiguredConsentAuthorizer {
                    metadata["location_consent"] = "\(configured.consent.status) as configured, not reloaded"
                }
                logger.log(level: failed ? .warning : .notice, "reloaded on SIGHUP", metadata: metadata)
            }
        }
    }
#endif
