import CBuildCommit

/// The git commit this `petspot` was built from: `scripts/build-release` (which
/// `scripts/install` and `scripts/demo` build through) puts it into the build; any other build
/// (`swift build` in a clone) says `unknown commit`. `petspot --version` and the metric
/// `petspot_build_info` name it.
enum BuildCommit {
    /// `2d86af3c1e0b`, `2d86af3c1e0b-dirty` (built with changes not committed), or
    /// `unknown commit`.
    static let text: String = {
        let commit = String(cString: petspot_build_commit())
        return commit.isEmpty ? "unknown commit" : commit
    }()
}
