import Foundation
import PetSpotService
import PhotoTestSupport
import Testing

/// `POST /v1/report-photos/{flow}`: the photo step's rules (formats from the bytes, 10 MB in
/// both flows) are the ReportSteps model's, on the server.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct ReportPhotosTests {
    static let pngHead: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    static let octets = [("Content-Type", "application/octet-stream")]

    /// A PNG of `count` bytes that the photo rules take and the scrubber keeps as it is.
    static func png(_ count: Int) -> [UInt8] {
        count < 57 ? pngHead + [UInt8](repeating: 7, count: max(0, count - 8)) : StructuredPhotos.png(byteCount: count)
    }

    static func post(_ server: TestServer, _ path: String, _ body: [UInt8]) async throws -> [String: Any] {
        let answer = try await server.request("POST", path, headers: octets, body: body)
        #expect(answer.status == 200, "\(path): \(answer.body)")
        return try answer.object
    }

    @Test func aPictureIsAttachedWithItsNameAndSize() async throws {
        try await TestServer.with { server in
            let answer = try await Self.post(
                server, "/v1/report-photos/found?filename=luna%20(1).png", Self.png(2_400_000))
            let photo = try #require(answer["photo"] as? [String: Any])
            #expect(photo["filename"] as? String == "luna (1).png")
            #expect(photo["sizeText"] as? String == "2.4 MB")
            #expect(photo["type"] as? String == "PNG")
            #expect(photo["mimeType"] as? String == "image/png")
            #expect(answer["error"] is NSNull)
            #expect(answer["helper"] is NSNull)
            #expect(answer["outcome"] as? String == "shown")
            #expect(answer["progress"] as? String == "1/3")
        }
    }

    @Test func theFirstBytesAndTheSizeDecideAsThePageSendsThem() async throws {
        try await TestServer.with { server in
            // The page sends a photo's first 64 bytes and its size; the photo itself goes once,
            // with Submit report.
            let head = Self.png(64)
            let picked = try await Self.post(
                server, "/v1/report-photos/found?filename=dog.png&byteCount=2400000", head)
            let photo = try #require(picked["photo"] as? [String: Any])
            #expect(photo["byteCount"] as? Int == 2_400_000)
            #expect(photo["sizeText"] as? String == "2.4 MB")
            let large = try await Self.post(
                server, "/v1/report-photos/found?filename=dog.png&byteCount=10000001", head)
            #expect(
                large["error"] as? String
                    == "This photo is larger than 10 MB, the largest photo we take. Choose a smaller one.")
            let continued = try await Self.post(
                server, "/v1/report-photos/missing?filename=dog.png&byteCount=2400000&action=continue", head)
            #expect(continued["outcome"] as? String == "advance")
            #expect(continued["next"] as? String == "animalDescription")
            let less = try await server.request(
                "POST", "/v1/report-photos/found?filename=dog.png&byteCount=3", headers: Self.octets, body: head)
            #expect(less.status == 400, "a size below what was sent: \(less.body)")
        }
    }

    @Test func theTypeComesFromTheBytesNotTheName() async throws {
        try await TestServer.with { server in
            let text = try await Self.post(server, "/v1/report-photos/missing?filename=cat.png", Array("hello".utf8))
            #expect(text["photo"] is NSNull)
            #expect(text["error"] as? String == "This file is not a JPG, PNG, HEIC, GIF or WEBP image. Choose a photo.")
            #expect(text["helper"] as? String == "A photo of the animal is required to continue.")
            let gif = Array("GIF89a".utf8) + [0, 1, 0, 1]
            let foundGIF = try await Self.post(server, "/v1/report-photos/found?filename=cat.jpg", gif)
            #expect(foundGIF["error"] as? String == "GIF photos are not accepted here. Choose a PNG or JPG photo.")
            let missingGIF = try await Self.post(server, "/v1/report-photos/missing?filename=cat.jpg", gif)
            #expect((missingGIF["photo"] as? [String: Any])?["type"] as? String == "GIF")
            let empty = try await Self.post(server, "/v1/report-photos/found?filename=x.png", [])
            #expect(empty["error"] as? String == "This file is empty. Choose a photo.")
        }
    }

    /// Issue 43: the Missing flow took a 20.2 MB photo at its photo step, which Submit report
    /// then refused in bytes. Both flows refuse it at the photo step, with the limit in words.
    @Test(arguments: ["missing", "found"])
    func aPhotoOverTenMegabytesIsRefusedAtThePhotoStepOfEitherFlow(flow: String) async throws {
        try await TestServer.with { server in
            let jpegHead: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0, 16] + Array("JFIF".utf8)
            let picked = try await Self.post(
                server, "/v1/report-photos/\(flow)?filename=big20.jpg&byteCount=20200000", jpegHead)
            #expect(picked["photo"] is NSNull)
            #expect(
                picked["error"] as? String
                    == "This photo is 20.2 MB; the largest photo we take is 10 MB. Choose a smaller one.")
            let continued = try await Self.post(
                server, "/v1/report-photos/\(flow)?filename=big20.jpg&byteCount=20200000&action=continue", jpegHead)
            #expect(continued["outcome"] as? String == "stay")
            let atLimit = try await Self.post(
                server, "/v1/report-photos/\(flow)?filename=a.jpg&byteCount=10000000", jpegHead)
            #expect(atLimit["photo"] is [String: Any])
        }
    }

    /// A whole photo as the body: up to the model's 10 MB; a larger body is refused before it is
    /// read further, with the model's words.
    @Test(arguments: ["missing", "found"])
    func aWholePhotoBodyIsTakenUpToTheModelsTenMegabytes(flow: String) async throws {
        try await TestServer.with { server in
            let limit = 10 * 1_000_000  // decimal megabytes, as the model says them
            let atLimit = try await Self.post(server, "/v1/report-photos/\(flow)?filename=a.png", Self.png(limit))
            #expect(atLimit["photo"] is [String: Any])
            let over = try await server.request(
                "POST", "/v1/report-photos/\(flow)?filename=a.png", headers: Self.octets, body: Self.png(limit + 1))
            #expect(over.status == 413)
            #expect(
                try over.object["detail"] as? String
                    == "This photo is larger than 10 MB, the largest photo we take. Choose a smaller one.")
        }
    }

    /// One limit: the server's photo bodies and Submit report (the photo in base64 with the
    /// report) are sized from the model's 10 MB, not a limit of their own (16 MiB, 22,631,768
    /// bytes before issue 43).
    @Test func theServersPhotoLimitsAreTheModels() {
        #expect(ServiceLimits.maximumPhotoBytes == 10_000_000)
        #expect(ServiceLimits.maximumSubmitBytes == 256 * 1024 + 13_333_336)
    }

    @Test func continueWithoutAPhotoAnswersTheToast() async throws {
        try await TestServer.with { server in
            let none = try await Self.post(server, "/v1/report-photos/found?action=continue", [])
            #expect(none["outcome"] as? String == "stay")
            #expect((none["toast"] as? [String: Any])?["message"] as? String == "Photo is mandatory")
            #expect(none["error"] is NSNull)
            let with = try await Self.post(
                server, "/v1/report-photos/found?action=continue&filename=a.png", Self.png(100))
            #expect(with["outcome"] as? String == "advance")
            #expect(with["next"] as? String == "petDetails")
            let refused = try await Self.post(
                server, "/v1/report-photos/missing?action=continue&filename=a.png", Array("text".utf8))
            #expect(refused["outcome"] as? String == "stay")
            #expect((refused["toast"] as? [String: Any])?["message"] as? String == "Photo is mandatory")
        }
    }

    @Test func hostilePhotoRequestsAreProblems() async throws {
        try await TestServer.with { server in
            let long = String(repeating: "a", count: 256)
            for (path, body, status) in [
                ("/v1/report-photos/lost", Self.png(10), 404),
                ("/v1/report-photos/found?action=jump", Self.png(10), 400),
                ("/v1/report-photos/found?filename=\(long)", Self.png(10), 400),
                ("/v1/report-photos/found?filename=", Self.png(10), 400),
                ("/v1/report-photos/found?size=1", Self.png(10), 400),
                ("/v1/report-photos/found", Self.png(16 * 1_048_576 + 1), 413),
            ] {
                let answer = try await server.request("POST", path, headers: Self.octets, body: body)
                #expect(answer.status == status, "\(path): \(answer.body)")
                #expect(answer.header("content-type") == "application/problem+json")
            }
        }
    }
}
