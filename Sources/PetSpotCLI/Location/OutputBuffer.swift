import Location

#if canImport(Glibc)
    import Glibc
#endif

/// Lines for a file descriptor, collected and written in batches: one `write` for a whole
/// burst of fixes instead of one per line, flushed by the caller whenever no more lines are
/// coming right away (so a terminal or a pipe reader still sees each line as it happens).
///
/// ``flush(waitingOn:)`` never blocks its thread: `watch` writes from the gpsd reader's own
/// thread (``LocationEventLoop``), where a `write` stuck on a full pipe would stop the reading
/// too. Before each write to a descriptor that can be full — a pipe, a terminal, a socket —
/// it asks `poll()` whether there is room, writes at most `PIPE_BUF` bytes (which a pipe
/// with room takes whole), and otherwise waits on the loop until there is room: the task
/// waits, the thread does not. A regular file is written directly (it is never "full").
///
/// Used by one task at a time (`watch`'s loop); not shared.
struct OutputBuffer {
    /// Flush past this many bytes, so memory stays bounded during a long burst.
    static let limit = 64 * 1024
    /// The most written after one `poll()`: what a pipe with any room takes without blocking.
    static let chunk = Int(PIPE_BUF)

    let fileDescriptor: Int32
    /// A pipe, terminal, socket or other device, whose writes can block.
    private let canBeFull: Bool
    private var bytes: [UInt8] = []
    /// The line ``append(lineWrittenBy:)`` writes, kept between lines with its capacity.
    private var line = ""

    init(fileDescriptor: Int32) {
        self.fileDescriptor = fileDescriptor
        var status = stat()
        let kind = fstat(fileDescriptor, &status) == 0 ? status.st_mode & S_IFMT : 0
        canBeFull = kind != S_IFREG && kind != S_IFBLK
        bytes.reserveCapacity(Self.limit + 1024)
        line.reserveCapacity(256)
    }

    /// Whether nothing is waiting to be written.
    var isEmpty: Bool { bytes.isEmpty }

    /// Whether ``limit`` bytes are waiting: flush before adding more.
    var isFull: Bool { bytes.count >= Self.limit }

    /// Adds `line` and a newline.
    mutating func append(line: String) {
        bytes.append(contentsOf: line.utf8)
        bytes.append(UInt8(ascii: "\n"))
    }

    /// Adds the line `write` appends to an empty string, and a newline. The string is the
    /// buffer's own, kept between lines: once it and the buffer have grown, a line costs no
    /// allocation (`watch --json` writes each fix this way).
    mutating func append(lineWrittenBy write: (inout String) -> Void) {
        line.removeAll(keepingCapacity: true)
        write(&line)
        bytes.append(contentsOf: line.utf8)
        bytes.append(UInt8(ascii: "\n"))
    }

    /// Writes everything collected without blocking the thread: while the descriptor has no
    /// room, the task waits on `loop` (other tasks on it go on).
    ///
    /// - Returns: `false` when the descriptor can no longer be written (the reader closed) or
    ///   the task was cancelled while waiting for room (what was left is dropped).
    mutating func flush(waitingOn loop: LocationEventLoop) async -> Bool {
        defer { bytes.removeAll(keepingCapacity: true) }
        var offset = 0
        while offset < bytes.count {
            if canBeFull {
                var request = pollfd(fd: fileDescriptor, events: Int16(POLLOUT), revents: 0)
                let ready = poll(&request, 1, 0)
                if ready < 0 && errno == EINTR { continue }
                if ready == 0 {
                    await loop.waitUntilWritable(fileDescriptor)
                    if Task.isCancelled { return false }
                    continue
                }
            }
            let length = canBeFull ? min(bytes.count - offset, Self.chunk) : bytes.count - offset
            guard let written = write(from: offset, length: length) else { return false }
            if written == 0 {  // a descriptor someone made non-blocking, full after all
                await loop.waitUntilWritable(fileDescriptor)
                if Task.isCancelled { return false }
            }
            offset += written
        }
        return true
    }

    /// Writes everything collected, blocking while the descriptor is full (where nothing else
    /// needs the thread: printing a played scenario).
    ///
    /// - Returns: `false` when the descriptor can no longer be written (the reader closed).
    mutating func flush() -> Bool {
        defer { bytes.removeAll(keepingCapacity: true) }
        var offset = 0
        while offset < bytes.count {
            guard let written = write(from: offset, length: bytes.count - offset) else { return false }
            if written == 0 {
                var request = pollfd(fd: fileDescriptor, events: Int16(POLLOUT), revents: 0)
                _ = poll(&request, 1, -1)
            }
            offset += written
        }
        return true
    }

    /// One `write` of `length` bytes from `offset`, retried when interrupted.
    /// - Returns: how many bytes it wrote (0 when a non-blocking descriptor is full), or `nil`
    ///   when the descriptor failed.
    private func write(from offset: Int, length: Int) -> Int? {
        bytes.withUnsafeBytes { buffer in
            while true {
                let written = Glibc.write(fileDescriptor, buffer.baseAddress.map { $0 + offset }, length)
                if written > 0 { return written }
                if written < 0 && errno == EINTR { continue }
                if written < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { return 0 }
                return nil
            }
        }
    }
}
