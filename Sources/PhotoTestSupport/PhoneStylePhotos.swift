public import Foundation
import LocationTestSupport

/// Photos as phones and editors leave them, made for a test by Pillow and exiftool (and
/// heif-enc for the HEIC): EXIF with make, model, serial number, owner, artist, copyright,
/// the date, a GPS position (IFD `0x8825`) and a thumbnail; XMP with a creator and a GPS
/// position; IPTC (APP13) and a comment in the JPEG, with a phone's trailer after its end;
/// `tEXt`, `iTXt`, `zTXt`, `tIME` and `eXIf` in the PNG; `EXIF` and `XMP ` chunks in the
/// WebP; a comment and XMP in an animated GIF; EXIF and XMP items in the HEIC. Every one but
/// the GIF says Orientation 6 (turned 90° clockwise).
///
/// ```swift
/// let photos = try await PhoneStylePhotos.make()
/// let jpeg = try photos.bytes(.jpeg)
/// ```
public struct PhoneStylePhotos: Sendable {
    /// The formats made, by file extension.
    public enum Kind: String, Sendable, CaseIterable {
        case jpeg = "jpg", png, webp, gif, heic
    }

    /// The EXIF orientation every photo but the GIF carries.
    public static let orientation = 6
    /// exiftool's name for it.
    public static let orientationText = "Rotate 90 CW"

    /// The folder the photos are in.
    public let folder: URL

    /// The file of `kind`: `phone.jpg`, ….
    public func url(_ kind: Kind) -> URL { folder.appendingPathComponent("phone.\(kind.rawValue)") }

    /// The bytes of the file of `kind`.
    public func bytes(_ kind: Kind) throws -> [UInt8] { [UInt8](try Data(contentsOf: url(kind))) }

    /// Makes the photos in a new temporary folder.
    ///
    /// - Throws: ``PhotoToolError`` when a tool is missing or fails.
    public static func make() async throws -> PhoneStylePhotos {
        try PhotoTools.require()
        let folder = try PhotoTools.makeTemporaryFolder()
        let script = folder.appendingPathComponent("make_photos.py")
        try Data(Self.script.utf8).write(to: script)
        let output = try await ProcessRun.run(
            URL(fileURLWithPath: PhotoTools.python), [script.path, folder.path], timeout: .seconds(120))
        guard output.status == 0 else {
            throw PhotoToolError(description: "make_photos.py failed (\(output.status)): \(output.stderr)")
        }
        return PhoneStylePhotos(folder: folder)
    }

    /// A PNG of `width` × `height` pixels of noise (which does not compress: about 3 bytes a
    /// pixel), with a `tEXt` chunk and EXIF GPS: a large photo for memory tests.
    ///
    /// - Throws: ``PhotoToolError`` when a tool is missing or fails.
    public static func noisePNG(width: Int, height: Int, seed: Int, in folder: URL) async throws -> URL {
        try PhotoTools.require()
        let url = folder.appendingPathComponent("noise-\(width)x\(height)-\(seed).png")
        let code = """
            import random, sys
            from PIL import Image, PngImagePlugin
            random.seed(\(seed))
            image = Image.frombytes("RGB", (\(width), \(height)), random.randbytes(\(width * height * 3)))
            info = PngImagePlugin.PngInfo()
            info.add_text("Author", "Jan Kowalski")
            exif = Image.Exif()
            exif[0x8825] = {1: "N", 2: (52.0, 13.0, 47.0), 3: "E", 4: (21.0, 0.0, 44.0)}
            image.save(sys.argv[1], "PNG", pnginfo=info, exif=exif, compress_level=1)
            """
        let output = try await ProcessRun.run(
            URL(fileURLWithPath: PhotoTools.python), ["-c", code, url.path], timeout: .seconds(300))
        guard output.status == 0 else { throw PhotoToolError(description: "noise PNG failed: \(output.stderr)") }
        return url
    }
}
