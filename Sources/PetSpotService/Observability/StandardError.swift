import Locking

#if canImport(Glibc)
    import Glibc
#endif

/// Standard error as the server writes it: every log line and announcement goes through
/// ``write(_:)``, one whole line per call, and a standard error that is closed or gone never
/// stops the server.
///
/// Not `FileHandle.write`, which traps when the write fails (a closed pipe: `EPIPE`), and not
/// stdio, whose buffer can split a line between threads. A plain `write(2)` loop: retried when
/// interrupted, the rest of the line dropped on any error (`EPIPE` once the reader is gone —
/// the server ignores SIGPIPE, so that is an error and not a signal — `EBADF` when the
/// descriptor was closed, `EAGAIN` on a full non-blocking pipe).
///
/// ```swift
/// StandardError.write("petspot: listening on http://127.0.0.1:8080\n")
/// ```
public enum StandardError {
    /// Lines from every thread, one whole line per write.
    private static let lock = Locked(())

    /// Writes `text` to file descriptor 2; returns whether all of it was written (the rest
    /// is dropped when the descriptor fails). The corresponding C function is `write`.
    @discardableResult
    public static func write(_ text: String) -> Bool {
        var bytes = Array(text.utf8)
        return lock.withLock { _ in
            var offset = 0
            while offset < bytes.count {
                let written = bytes[offset...].withUnsafeMutableBytes { Glibc.write(2, $0.baseAddress, $0.count) }
                if written > 0 {
                    offset += written
                } else if written < 0 && errno == EINTR {
                    continue
                } else {
                    return false
                }
            }
            return true
        }
    }

    /// Opens `/dev/null` on standard input, output and error when the process was started
    /// without them (`2>&-`), before anything else is opened: otherwise the first file or
    /// socket opened would become descriptor 2, and log lines would be written into it (the
    /// reports store's file). The corresponding C functions are `fcntl` and `open`.
    public static func ensureStandardDescriptors() {
        for descriptor in Int32(0)...2 where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            let opened = open("/dev/null", O_RDWR)
            if opened >= 0 && opened != descriptor {
                _ = dup2(opened, descriptor)
                close(opened)
            }
        }
    }

    /// Makes SIGPIPE harmless for the whole process: a write to a pipe or socket whose reader
    /// is gone then fails with `EPIPE` instead of ending the process (exit 141). The
    /// corresponding C function is `signal`.
    public static func ignoreBrokenPipes() {
        _ = signal(SIGPIPE, SIG_IGN)
    }
}

/// ``StandardError`` as a `TextOutputStream`, for swift-log's `StreamLogHandler`, which writes
/// each line with one `write` call.
public struct StandardErrorStream: TextOutputStream, Sendable {
    public init() {}

    public mutating func write(_ string: String) {
        StandardError.write(string)
    }
}
