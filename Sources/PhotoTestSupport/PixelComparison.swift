import Foundation
import LocationTestSupport

/// Whether two image files show the same pixels, decoded by Pillow (every frame of an
/// animation; a HEIC first decoded to PNG by `heif-convert`, which applies its rotation).
///
/// ```swift
/// #expect(try await PixelComparison.same(before, after, kind: .jpeg))
/// ```
public enum PixelComparison {
    /// Whether `first` and `second` decode to the same pixels, frame by frame.
    ///
    /// - Throws: ``PhotoToolError`` when a tool is missing or fails.
    public static func same(_ first: [UInt8], _ second: [UInt8], kind: PhoneStylePhotos.Kind) async throws -> Bool {
        let folder = try PhotoTools.makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var files: [URL] = []
        for (index, bytes) in [first, second].enumerated() {
            var file = folder.appendingPathComponent("\(index).\(kind.rawValue)")
            try Data(bytes).write(to: file)
            if kind == .heic { file = try await decodedHEIC(file) }
            files.append(file)
        }
        let code = """
            import sys
            from PIL import Image
            def frames(path):
                image = Image.open(path)
                for index in range(getattr(image, "n_frames", 1)):
                    image.seek(index)
                    yield image.size, image.convert("RGBA").tobytes()
            print("same" if list(frames(sys.argv[1])) == list(frames(sys.argv[2])) else "different")
            """
        let output = try await ProcessRun.run(
            URL(fileURLWithPath: PhotoTools.python), ["-c", code, files[0].path, files[1].path])
        guard output.status == 0 else { throw PhotoToolError(description: "Pillow failed: \(output.stderr)") }
        return output.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "same"
    }

    /// `file`, a HEIC, decoded to a PNG beside it.
    private static func decodedHEIC(_ file: URL) async throws -> URL {
        guard let convert = PhotoTools.path(of: "heif-convert") else {
            throw PhotoToolError(description: PhotoTools.install(["libheif-examples"]))
        }
        let png = file.appendingPathExtension("png")
        let output = try await ProcessRun.run(URL(fileURLWithPath: convert), ["--quiet", file.path, png.path])
        guard output.status == 0 else { throw PhotoToolError(description: "heif-convert failed: \(output.stderr)") }
        return png
    }
}
