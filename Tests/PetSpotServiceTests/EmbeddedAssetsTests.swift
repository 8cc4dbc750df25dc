import Testing

@testable import PetSpotService

/// The embedded files' content types, given by their names' endings (``EmbeddedAssets``).
@Suite struct EmbeddedAssetsTests {
    @Test(arguments: [
        ("report.js", "text/javascript; charset=utf-8"),
        ("leaflet.min.js", "text/javascript; charset=utf-8"),
        ("poster-a4.css", "text/css; charset=utf-8"),
        ("marker-icon-2x.png", "image/png"),
        ("LICENSE", "text/plain; charset=utf-8"),
        ("notes.txt", "application/octet-stream"),
    ])
    func aFileIsServedWithTheTypeOfItsEnding(name: String, type: String) {
        #expect(EmbeddedAssets.contentType(of: name) == type)
    }

    @Test func everyServedFileHasAKnownType() {
        let names = Array(PageTemplates.assets.keys) + Array(MapPageController.assets.keys)
        for name in names {
            #expect(EmbeddedAssets.contentType(of: name) != "application/octet-stream", "\(name)")
        }
    }
}
