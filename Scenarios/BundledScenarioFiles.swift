// The files of this folder, embedded into the code by SwiftPM (`.embedInCode` in
// Package.swift), so that `petspot` plays the bundled scenarios without the source tree.
// Adding a file: put it here, add its name to `bundledScenarioFiles` in Package.swift and
// to the list below. `ScenarioLibraryTests` checks that the three agree.

/// The bundled scenario and track files, by file name.
public enum BundledScenarioFiles {
    /// Every bundled file's name and bytes, sorted by name.
    public static let all: [(name: String, bytes: [UInt8])] = [
        ("accuracy-improving.yaml", PackageResources.accuracy_improving_yaml),
        ("antimeridian.nmea", PackageResources.antimeridian_nmea),
        ("antimeridian.yaml", PackageResources.antimeridian_yaml),
        ("approximate-only.yaml", PackageResources.approximate_only_yaml),
        ("default.yaml", PackageResources.default_yaml),
        ("no-fix-timeout.yaml", PackageResources.no_fix_timeout_yaml),
        ("not-determined-denied.yaml", PackageResources.not_determined_denied_yaml),
        ("permission-denied.yaml", PackageResources.permission_denied_yaml),
        ("permission-revoked.yaml", PackageResources.permission_revoked_yaml),
        ("poles.yaml", PackageResources.poles_yaml),
        ("receiver-lost-and-back.yaml", PackageResources.receiver_lost_and_back_yaml),
        ("restricted.yaml", PackageResources.restricted_yaml),
        ("silent-receiver.yaml", PackageResources.silent_receiver_yaml),
        ("slow-cold-start.yaml", PackageResources.slow_cold_start_yaml),
        ("walking-warsaw.gpx", PackageResources.walking_warsaw_gpx),
        ("walking-warsaw.yaml", PackageResources.walking_warsaw_yaml),
    ]
}
