import Foundation
import OutsideInput
import Testing

/// ``InputFile`` reads only regular files, never blocks on a FIFO, and says what is wrong in
/// words; ``FileProblem`` turns Foundation's error numbers into those words.
@Suite struct InputFileTests {
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("petspot-input-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func aRegularFileIsReadWhole() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("a.txt")
        try Data("hello".utf8).write(to: file)
        #expect(try InputFile.read(atPath: file.path, limit: 5) == Array("hello".utf8))
        #expect(throws: FileProblem.tooLarge(size: 5, limit: 4)) { try InputFile.read(atPath: file.path, limit: 4) }
    }

    @Test func whatIsNotARegularFileIsRefused() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("fifo").path
        #expect(mkfifo(fifo, 0o644) == 0)
        #expect(throws: FileProblem.notRegular(.fifo)) { try InputFile.read(atPath: fifo, limit: 10) }
        #expect(throws: FileProblem.notRegular(.characterDevice)) { try InputFile.read(atPath: "/dev/zero", limit: 10) }
        #expect(throws: FileProblem.isDirectory) { try InputFile.read(atPath: folder.path, limit: 10) }
        #expect(throws: FileProblem.noSuchFile) { try InputFile.read(atPath: folder.path + "/none", limit: 10) }
        let loop = folder.appendingPathComponent("loop").path
        try FileManager.default.createSymbolicLink(atPath: loop, withDestinationPath: loop)
        #expect(throws: FileProblem.symbolicLinkLoop) { try InputFile.read(atPath: loop, limit: 10) }
    }

    @Test(arguments: [
        (ENOENT, "no such file"), (EACCES, "permission denied"), (EISDIR, "it is a directory"),
        (ELOOP, "too many levels of symbolic links (a symlink loop?)"), (ENOSPC, "no space left on the device"),
        (EROFS, "the file system is read-only"), (EFBIG, "file too large (error 27)"),
    ])
    func errorNumbersReadAsWords(code: Int32, words: String) {
        #expect(FileProblem(errno: code).description == words)
    }

    /// `Data.write` to a directory fails with `NSCocoaErrorDomain` 512 and a Swift
    /// `POSIXError` underneath: the words come from the latter.
    @Test func foundationErrorsReadAsWordsNotDomainsAndNumbers() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            try Data("x".utf8).write(to: folder, options: .atomic)
            Issue.record("writing over a directory succeeded")
        } catch {
            #expect(FileProblem(error) == .isDirectory)
        }
        do {
            _ = try Data(contentsOf: folder.appendingPathComponent("none"))
            Issue.record("reading a missing file succeeded")
        } catch {
            #expect(FileProblem(error) == .noSuchFile)
        }
    }
}
