import Foundation
import OutsideInput

#if canImport(Glibc)
    import Glibc
#endif

/// libpq's password file (`PGPASSFILE`, else `~/.pgpass`): lines of
/// `hostname:port:database:username:password`, `*` matching anything, `\:` and `\\` escaped,
/// `#` starting a comment; the first line that matches gives the password. Like libpq, a file
/// that others may read is not used, and the error says so instead of a failed login.
enum PostgresPasswordFile {
    /// The password for `address` in the password file, or `nil` when there is no file or no
    /// line for it.
    ///
    /// - Throws: ``ReportStoreError/Reason/unavailable`` for a file others may read, or that
    ///   cannot be read.
    static func password(for address: StoreURL.PostgresAddress, _ environment: [String: String])
        throws(ReportStoreError) -> String?
    {
        let path =
            environment["PGPASSFILE"].flatMap { $0.isEmpty ? nil : $0 }
            ?? ((environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()) + "/.pgpass")
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        if info.st_mode & 0o077 != 0 {
            throw .unavailable(
                address.description,
                "the password file \(path) may be read by others; chmod 600 it (libpq, too, ignores such a file).")
        }
        let bytes: [UInt8]
        do {
            bytes = try InputFile.read(atPath: path, limit: 1_048_576)
        } catch {
            throw .unavailable(address.description, "the password file \(path) cannot be read: \(error.description)")
        }
        let hosts = address.host.hasPrefix("/") ? [address.host, "localhost"] : [address.host]
        let wanted = [hosts, [String(address.port)], [address.database], [address.user]]
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: true) {
            guard !line.hasPrefix("#") else { continue }
            let fields = split(line.hasSuffix("\r") ? line.dropLast() : line)
            guard fields.count == 5 else { continue }
            let matches = zip(fields.prefix(4), wanted).allSatisfy { field, values in
                field == "*" || values.contains(field)
            }
            if matches { return fields[4] }
        }
        return nil
    }

    /// A line's fields, split on `:` with `\:` and `\\` unescaped.
    static func split(_ line: Substring) -> [String] {
        var fields: [String] = []
        var current = ""
        var escaped = false
        for character in line {
            if escaped {
                current.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == ":", fields.count < 4 {
                fields.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        fields.append(current)
        return fields
    }
}
