import Foundation
import PetSpotService
import PhotoTestSupport
import ReportSteps
import ReportStore
import Reports
import SQLiteReportStore
import Testing

/// Photos that come in over HTTP are kept without their metadata (issue 47, item 1): a phone's
/// photo put with `PUT /v1/reports/{id}/photo` or sent with Submit report comes back from
/// `GET …/photo` with no GPS, device, person, comment, thumbnail, XMP or IPTC as exiftool
/// reads it, the same pixels, and its orientation.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct PhotoUploadsCarryNoMetadataTests {
    @Test(.enabled(if: PhotoTools.shouldRun, "needs exiftool, python3-pil and libheif-examples"))
    func aPutPhotoIsServedWithoutItsMetadata() async throws {
        let photos = try await PhoneStylePhotos.make()
        defer { try? FileManager.default.removeItem(at: photos.folder) }
        try await ReportPhotoRoutesTests.withStore { server, _, _ in
            let id = try await ReportPhotoRoutesTests.create(server, "missing")
            for kind in PhoneStylePhotos.Kind.allCases {
                let original = try photos.bytes(kind)
                let put = try await ReportPhotoRoutesTests.put(server, id, original)
                #expect(put.status == 200, "\(kind): \(put.body)")
                let got = try await server.request("/v1/reports/\(id)/photo")
                #expect(got.status == 200)
                #expect(got.bytes != original, "\(kind): the photo must not come back as it was sent")
                #expect(try put.object["byteCount"] as? Int == got.bytes.count)
                let tags = try await ExifToolReading.tags(of: got.bytes)
                #expect(ExifToolReading.identifying(tags) == [], "\(kind): \(tags)")
                #expect(try await PixelComparison.same(original, got.bytes, kind: kind), "\(kind)")
                if [.jpeg, .png, .webp].contains(kind) {
                    #expect(tags["EXIF:Orientation"] == PhoneStylePhotos.orientationText, "\(kind)")
                }
            }
        }
    }

    @Test(.enabled(if: PhotoTools.shouldRun, "needs exiftool, python3-pil and libheif-examples"))
    func submitKeepsThePhotoWithoutItsMetadata() async throws {
        let photos = try await PhoneStylePhotos.make()
        defer { try? FileManager.default.removeItem(at: photos.folder) }
        let jpeg = try photos.bytes(.jpeg)
        try await ReportRoutesTests.withStore { server, _ in
            let answer = try await ReportStepsAPITests.post(
                server, "/v1/report-steps/missing/contactDetails",
                #"{"action": "continue", "values": {"email": "owner@example.com"}, "earlierSteps": {"animalDescription": {"species": "dog", "breed": "Beagle", "gender": "FEMALE", "lastSeenDate": "2025-11-17"}}, "photo": {"filename": "IMG_0001.jpg", "data": "\#(Data(jpeg).base64EncodedString())"}}"#
            )
            #expect(answer["outcome"] as? String == "advance", "\(answer)")
            let id = try #require((answer["report"] as? [String: Any])?["id"] as? String)
            let got = try await server.request("/v1/reports/\(id)/photo")
            #expect(got.status == 200)
            let tags = try await ExifToolReading.tags(of: got.bytes)
            #expect(ExifToolReading.identifying(tags) == [], "\(tags)")
            #expect(!tags.keys.contains { $0.contains("GPS") })
            #expect(tags["EXIF:Orientation"] == PhoneStylePhotos.orientationText)
            #expect(try await PixelComparison.same(jpeg, got.bytes, kind: .jpeg))
        }
    }

    @Test func aSampleWithGPSIsScrubbedWithoutAnyTool() async throws {
        // The same rule without exiftool, so it runs everywhere: the GPS IFD's tag bytes go.
        try await ReportPhotoRoutesTests.withStore { server, _, _ in
            let id = try await ReportPhotoRoutesTests.create(server, "missing")
            #expect(try await ReportPhotoRoutesTests.put(server, id, SamplePhotos.jpeg).status == 200)
            let got = try await server.request("/v1/reports/\(id)/photo").bytes
            #expect(Self.contains(SamplePhotos.jpeg, Array("Apple".utf8)))
            #expect(!Self.contains(got, Array("Apple".utf8)) && !Self.contains(got, Array("Jan's home".utf8)))
            #expect(got.count < SamplePhotos.jpeg.count)
        }
    }

    @Test func aDamagedPhotoIsRefusedWithWhatIsWrong() async throws {
        try await ReportPhotoRoutesTests.withStore { server, _, _ in
            let id = try await ReportPhotoRoutesTests.create(server, "missing")
            // A JPEG whose EXIF segment says it is 4,096 bytes long, in a 10-byte file.
            let put = try await ReportPhotoRoutesTests.put(
                server, id, [0xFF, 0xD8, 0xFF, 0xE1, 0x10, 0x00, 1, 2, 3, 4])
            #expect(put.status == 422)
            #expect(
                try put.object["detail"] as? String
                    == "This JPG image is damaged: the segment at byte 2 runs past the end of the file. Save it again "
                    + "from a photo app or an image editor, or choose another photo.")
            #expect(try await server.request("/v1/reports/\(id)/photo").status == 404, "nothing is kept")
        }
    }

    @Test func anEarlierServersPhotoFolderMovesInWithoutMetadata() async throws {
        let folder = try TemporaryStoreFolder()
        let store = try SQLiteReportStore(path: folder.path)
        try await store.add([PetReport(id: "r-1", kind: .missing)])
        let files = ReportPhotoFolder(path: folder.url.appendingPathComponent("photos").path)
        try files.write(Data(SamplePhotos.jpeg), type: .jpeg, id: "r-1")
        let photos = StoreKeptPhotos(store)
        #expect(try await files.moveAll(into: photos).moved == 1)
        let kept = try #require(try await photos.photo(id: "r-1"))
        #expect(try kept.bytes == ReportPhotoRules.scrub(SamplePhotos.jpeg, as: .jpeg).photo.bytes)
        #expect(!Self.contains([UInt8](kept.bytes), Array("Apple".utf8)))
        await store.close()
    }

    @Test func theServersPhotoLimitIsTheImportsLimit() {
        #expect(ServiceLimits.maximumPhotoBytes == ReportPhotoRules.maximumByteCount)
    }

    static func contains(_ bytes: [UInt8], _ part: [UInt8]) -> Bool {
        guard bytes.count >= part.count else { return false }
        return (0...(bytes.count - part.count)).contains { bytes[$0..<$0 + part.count].elementsEqual(part) }
    }
}
