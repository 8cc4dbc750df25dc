import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// `~` in a path the person typed, expanded as their shell would.
///
/// Foundation's `expandingTildeInPath` asks the password database, so under `sudo -E`, in a
/// container, or with `HOME` pointed elsewhere, `~/luna.png` became root's (or the account's)
/// home instead of the `$HOME` the person's shell uses. This follows POSIX: `~` and `~/…` use
/// `$HOME` when it is set and not empty, else the account's home; `~user/…` is that user's
/// home; a user that does not exist leaves the text as typed.
enum HomeDirectory {
    /// `path` with a leading `~` or `~user` expanded.
    ///
    /// ```swift
    /// HomeDirectory.expandingTilde(in: "~/luna.png")     // "/home/me/luna.png" with HOME=/home/me
    /// HomeDirectory.expandingTilde(in: "a/~/b")          // "a/~/b": only a leading tilde
    /// ```
    static func expandingTilde(in path: String, environment: [String: String] = ProcessInfo.processInfo.environment)
        -> String
    {
        guard path.hasPrefix("~") else { return path }
        let slash = path.firstIndex(of: "/") ?? path.endIndex
        let user = path[path.index(after: path.startIndex)..<slash]
        let home: String?
        if user.isEmpty {
            home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? accountHome(named: nil)
        } else {
            home = accountHome(named: String(user))
        }
        guard let home else { return path }
        let rest = path[slash...]
        return home.hasSuffix("/") && rest.hasPrefix("/") ? home + rest.dropFirst() : home + rest
    }

    /// The home directory in the password database: of `name`, or of the current user.
    private static func accountHome(named name: String?) -> String? {
        let entry = name.map { getpwnam($0) } ?? getpwuid(getuid())
        guard let entry, let directory = entry.pointee.pw_dir else { return nil }
        return String(cString: directory)
    }
}
