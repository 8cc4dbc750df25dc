import Foundation

extension FileProblem {
    /// The problem behind a Foundation or POSIX error from a file operation, so that
    /// `NSCocoaErrorDomain error 512` reaches a person as `it is a directory` or
    /// `permission denied`.
    ///
    /// ```swift
    /// do { try data.write(to: url) } catch { print("Cannot write \(url.path): \(FileProblem(error))") }
    /// ```
    public init(_ error: any Error) {
        if let problem = error as? FileProblem {
            self = problem
            return
        }
        if let posix = error as? POSIXError {
            self.init(errno: posix.code.rawValue)
            return
        }
        let error = error as NSError
        if error.domain == NSPOSIXErrorDomain {
            self.init(errno: Int32(truncatingIfNeeded: error.code))
            return
        }
        // On Linux the underlying error is often a Swift `POSIXError`, which `as? NSError`
        // does not match.
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? any Error {
            let problem = FileProblem(underlying)
            if problem != .unexplained {
                self = problem
                return
            }
        }
        guard error.domain == NSCocoaErrorDomain else {
            self = .unexplained
            return
        }
        switch CocoaError.Code(rawValue: error.code) {
        case .fileNoSuchFile, .fileReadNoSuchFile: self = .noSuchFile
        case .fileReadNoPermission, .fileWriteNoPermission: self = .permissionDenied
        case .fileWriteOutOfSpace: self = .noSpace
        case .fileWriteVolumeReadOnly: self = .readOnlyFileSystem
        default: self = .unexplained
        }
    }
}
