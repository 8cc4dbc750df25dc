#if canImport(Glibc)
    import Glibc
#endif

/// The process's limit on open files: every client connection is one, so a server with many
/// event-stream clients needs more than the usual soft limit of 1,024.
enum OpenFileLimit {
    /// Raises the soft limit on open files to the hard limit, as servers that expect many
    /// connections do (Go's runtime does the same at start). The hard limit is the
    /// administrator's (`ulimit -Hn`, systemd's `LimitNOFILE=`); this never goes past it.
    ///
    /// - Returns: the soft limit before and after, or `nil` when it could not be read or set.
    ///   The corresponding C functions are `getrlimit` and `setrlimit`.
    static func raiseToHardLimit() -> (before: UInt64, after: UInt64)? {
        let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        var limit = rlimit()
        guard getrlimit(resource, &limit) == 0 else { return nil }
        let before = UInt64(limit.rlim_cur)
        guard limit.rlim_cur < limit.rlim_max else { return (before, before) }
        limit.rlim_cur = limit.rlim_max
        guard setrlimit(resource, &limit) == 0 else { return nil }
        return (before, UInt64(limit.rlim_cur))
    }

    /// The soft limit now, or `nil` when it cannot be read. The corresponding C function is
    /// `getrlimit`.
    static func current() -> UInt64? {
        var limit = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return nil }
        return UInt64(limit.rlim_cur)
    }
}
