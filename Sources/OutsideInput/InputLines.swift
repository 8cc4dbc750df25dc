#if canImport(Glibc)
    import Glibc
#endif

/// A file a person named (or standard input) read one line at a time, never holding more
/// than one line of at most ``maximumLineBytes`` (plus a read's worth): a line longer than
/// that is refused while it is read — its bytes are passed over up to the next newline, and
/// only its length is told (``Line/tooLong(byteCount:)``).
///
/// A path is opened as ``InputFile`` opens it: a regular file only (a FIFO, a device or a
/// directory is refused with a ``FileProblem``). The descriptor is closed when the value
/// goes away.
///
/// ```swift
/// var lines = try InputLines(path: "reports.jsonl", maximumLineBytes: 24 << 20)
/// while let (number, line) = try lines.next() {
///     if case .text(let bytes) = line { … } else { … }   // line `number` was too long
/// }
/// ```
public struct InputLines: ~Copyable {
    /// One line, without its newline.
    public enum Line: Sendable, Hashable {
        /// The line's bytes.
        case text([UInt8])
        /// A line longer than the limit: how many bytes it had (its newline left out).
        case tooLong(byteCount: Int)
    }

    /// The longest line given whole.
    public let maximumLineBytes: Int
    private let descriptor: Int32
    private let closes: Bool
    private var buffer: [UInt8] = []
    /// Where the next line starts in ``buffer``.
    private var start = 0
    private var atEnd = false
    private var number = 0
    /// How much is read at a time.
    static let chunk = 1 << 16
    /// A chunk's room, appended before a read fills it.
    private static let zeros = [UInt8](repeating: 0, count: chunk)

    /// The lines of the regular file at `path`.
    ///
    /// - Throws: ``FileProblem``, as ``InputFile/read(atPath:limit:)`` does.
    public init(path: String, maximumLineBytes: Int) throws(FileProblem) {
        var info = stat()
        guard stat(path, &info) == 0 else { throw FileProblem(errno: errno) }
        try InputFile.requireRegular(info)
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else { throw FileProblem(errno: errno) }
        guard fstat(descriptor, &info) == 0 else {
            let problem = FileProblem(errno: errno)
            close(descriptor)
            throw problem
        }
        do {
            try InputFile.requireRegular(info)
        } catch {
            close(descriptor)
            throw error
        }
        self.descriptor = descriptor
        self.maximumLineBytes = maximumLineBytes
        closes = true
    }

    /// The lines of standard input (left open at the end).
    public init(standardInputWithMaximumLineBytes maximumLineBytes: Int) {
        descriptor = STDIN_FILENO
        self.maximumLineBytes = maximumLineBytes
        closes = false
    }

    deinit {
        if closes { close(descriptor) }
    }

    /// The first byte that is not white space (space, tab, CR, LF), read ahead without
    /// taking any line; `nil` for input that is all white space within the first line's limit.
    ///
    /// - Throws: ``FileProblem`` when the input cannot be read.
    public mutating func firstNonBlankByte() throws(FileProblem) -> UInt8? {
        var scanned = start
        while true {
            while scanned < buffer.count {
                if ![0x20, 0x09, 0x0D, 0x0A].contains(buffer[scanned]) { return buffer[scanned] }
                scanned += 1
            }
            guard !atEnd, buffer.count - start <= maximumLineBytes else { return nil }
            try fill()
        }
    }

    /// The next line and its number (from 1), or `nil` at the end.
    ///
    /// - Throws: ``FileProblem`` when the input cannot be read.
    public mutating func next() throws(FileProblem) -> (number: Int, line: Line)? {
        var scanned = start
        while true {
            if let newline = newline(from: scanned) {
                number += 1
                let line = Array(buffer[start..<newline])
                start = newline + 1
                compact()
                return (number, .text(line))
            }
            scanned = buffer.count
            if buffer.count - start > maximumLineBytes { return try passOverLongLine() }
            if atEnd {
                guard start < buffer.count else { return nil }
                number += 1
                let line = Array(buffer[start...])
                start = buffer.count
                return (number, .text(line))
            }
            try fill()
        }
    }

    /// Everything not yet taken as a line, and the rest of the input: at most `limit` bytes.
    ///
    /// - Throws: ``FileProblem``: ``FileProblem/tooLarge(size:limit:)`` past `limit`.
    public mutating func rest(limit: Int) throws(FileProblem) -> [UInt8] {
        while !atEnd {
            guard buffer.count - start <= limit else { throw .tooLarge(size: buffer.count - start, limit: limit) }
            try fill()
        }
        guard buffer.count - start <= limit else { throw .tooLarge(size: buffer.count - start, limit: limit) }
        let rest = Array(buffer[start...])
        start = buffer.count
        return rest
    }

    /// Drops the long line's bytes as they come, up to its newline.
    private mutating func passOverLongLine() throws(FileProblem) -> (number: Int, line: Line) {
        number += 1
        var count = 0
        while true {
            if let newline = newline(from: start) {
                count += newline - start
                start = newline + 1
                compact()
                return (number, .tooLong(byteCount: count))
            }
            count += buffer.count - start
            buffer.removeAll(keepingCapacity: true)
            start = 0
            if atEnd { return (number, .tooLong(byteCount: count)) }
            try fill()
        }
    }

    /// Where the first newline at or after `index` is in the buffer (`memchr`: a line may be
    /// megabytes long).
    private func newline(from index: Int) -> Int? {
        buffer.withUnsafeBufferPointer { bytes in
            guard let base = bytes.baseAddress, index < bytes.count,
                let found = memchr(base + index, 0x0A, bytes.count - index)
            else { return nil }
            return UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
        }
    }

    /// Reads one chunk onto the end of the buffer; sets ``atEnd`` at the end of the input.
    private mutating func fill() throws(FileProblem) {
        let old = buffer.count
        buffer.append(contentsOf: Self.zeros)
        while true {
            let count = buffer.withUnsafeMutableBytes { bytes in
                Glibc.read(descriptor, bytes.baseAddress.map { $0 + old }, Self.chunk)
            }
            if count < 0, errno == EINTR { continue }
            if count < 0, errno == EAGAIN {
                // Standard input set non-blocking by whoever gave it: wait until it has data.
                var wait = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                _ = poll(&wait, 1, -1)
                continue
            }
            guard count >= 0 else {
                let code = errno
                buffer.removeSubrange(old...)
                throw FileProblem(errno: code)
            }
            buffer.removeSubrange((old + count)...)
            if count == 0 { atEnd = true }
            return
        }
    }

    /// Drops the lines already taken once they are a good part of the buffer.
    private mutating func compact() {
        guard start >= Self.chunk, start * 2 >= buffer.count else { return }
        buffer.removeSubrange(0..<start)
        start = 0
    }
}
