#if canImport(Glibc)
    import Glibc
#endif

/// Lines for a file descriptor, collected and written in batches: one `write` for a whole
/// burst of fixes instead of one per line, flushed by the caller whenever no more lines are
/// coming right away (so a terminal or a pipe reader still sees each line as it happens).
///
/// Used by one task at a time (`watch`'s loop); not shared.
struct OutputBuffer {
    /// Flush on its own past this many bytes, so memory stays bounded during a long burst.
    static let limit = 64 * 1024

    let fileDescriptor: Int32
    private var bytes: [UInt8] = []

    init(fileDescriptor: Int32) {
        self.fileDescriptor = fileDescriptor
        bytes.reserveCapacity(Self.limit + 1024)
    }

    /// Whether nothing is waiting to be written.
    var isEmpty: Bool { bytes.isEmpty }

    /// Adds `line` and a newline; writes everything once the buffer passes ``limit``.
    ///
    /// - Returns: `false` when the descriptor can no longer be written (the reader closed).
    mutating func append(line: String) -> Bool {
        bytes.append(contentsOf: line.utf8)
        bytes.append(UInt8(ascii: "\n"))
        return bytes.count < Self.limit || flush()
    }

    /// Writes everything collected (retrying short writes and interruptions).
    ///
    /// - Returns: `false` when the descriptor can no longer be written (the reader closed).
    mutating func flush() -> Bool {
        defer { bytes.removeAll(keepingCapacity: true) }
        return bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(fileDescriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
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
}
