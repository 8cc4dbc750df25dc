#if Server
    import ArgumentParser
    import Foundation
    import Location
    import Logging

    #if canImport(Glibc)
        import Glibc
    #endif

    /// `petspot serve --location-consent granted|denied` (`PETSPOT_LOCATION_CONSENT`): the machine
    /// owner's consent to the receiver's use, given to the service as configuration instead of a
    /// consent file — for a service whose user cannot read one (systemd's `DynamicUser=`: a file
    /// `petspot permission grant` made as root sits in folders only root may enter). Without it,
    /// `--gpsd` reads the consent file, as before.
    struct ServeConsentOptions: ParsableArguments {
        /// What the machine owner answered.
        enum Consent: String, ExpressibleByArgument, CaseIterable {
            case granted, denied
        }

        @Option(help: "The location consent for --gpsd, given here instead of the consent file (a service's own user).")
        var locationConsent: Consent?

        /// The consent this option, else its variable, gives; `nil` when neither is given.
        ///
        /// - Throws: `ValidationError` naming the variable for another value.
        func consent(_ environment: ServeEnvironment) throws -> LocationAuthorization? {
            switch try ServeValue.resolve(locationConsent, "--location-consent", environment) {
            case .granted: LocationAuthorization(.authorizedWhenInUse)
            case .denied: LocationAuthorization(.denied)
            case nil: nil
            }
        }
    }

    /// Where `petspot serve --gpsd` gets the machine owner's consent.
    enum ServeConsent {
        /// The configured consent when there is one, else the consent file (with the restriction
        /// policy either way). Says in the log when the consent file's folder cannot be entered by
        /// this user, since every location request would then be refused as not determined.
        static func authorizer(_ configured: LocationAuthorization?, logger: Logger) -> any LocationAuthorizer {
            if let configured { return ConfiguredConsentAuthorizer(configured) }
            let authorizer = PersistedConsentAuthorizer()
            let folder = authorizer.store.fileURL.deletingLastPathComponent().path
            if cannotEnter(folder) {
                logger.warning(
                    """
                    the location consent file cannot be read by this user; location requests are refused until the \
                    consent is given with --location-consent or PETSPOT_LOCATION_CONSENT
                    """,
                    metadata: ["file": "\(authorizer.store.fileURL.path)"])
            }
            return authorizer
        }

        /// Whether `folder`, or a folder above it, is there but closed to this user (`EACCES`). The
        /// corresponding C function is `access`.
        private static func cannotEnter(_ folder: String) -> Bool {
            access(folder, X_OK) != 0 && errno == EACCES
        }
    }
#endif
