import Foundation
import Geodata
import ReportStore

/// The photo part of ``SightingStoreContract``: on a report of its own (`s-photo`), removed at
/// the end, so the other checks see none of it.
extension SightingStoreContract {
    static func photos(_ store: any ReportStore, _ log: inout [String]) async throws {
        let report = try PetReport.missing(id: "s-photo", coordinate: place(0), radius: SearchRadius(kilometers: 5))
        try await store.add([report])
        var forgotten = sighting("sig-p3", report: "s-photo", seen: 3)
        forgotten.email = "photo@example.org"
        try await store.addSighting(sighting("sig-p1", report: "s-photo", seen: 1))
        try await store.addSighting(sighting("sig-p2", report: "s-photo", seen: 2))
        try await store.addSighting(forgotten)
        let first = StoredPhoto(bytes: Data([0x89, 0x50, 0x4E, 0x47, 0, 1, 2]), mediaType: "image/png", tag: "t1")
        let second = StoredPhoto(bytes: Data([0xFF, 0xD8, 0xFF, 0, 255]), mediaType: "image/jpeg", tag: "t2")
        try await store.setSightingPhoto(first, id: "sig-p1")
        if try await store.sightingPhoto(id: "sig-p1") != first { log.append("a photo reads back otherwise") }
        try await store.setSightingPhoto(second, id: "sig-p1")
        if try await store.sightingPhoto(id: "sig-p1") != second { log.append("a photo put again was not replaced") }
        do {
            try await store.setSightingPhotos([("sig-p2", first), ("sig-none", first)])
            log.append("a photo of an unknown sighting was kept")
        } catch {
            if error.reason != .notFound { log.append("a photo of an unknown sighting threw \(error.reason)") }
        }
        if try await store.sightingPhoto(id: "sig-p2") != nil { log.append("a refused set of photos kept some") }
        try await store.setSightingPhoto(first, id: "sig-p3")
        let named = try await store.sightingPhotoIDs(reportID: "s-photo")
        if named != ["sig-p1", "sig-p3"] { log.append("the sightings with a photo are \(named.sorted())") }
        let read = try await store.sightingPhotos(ids: ["sig-p1", "sig-p2", "sig-p3", "sig-none"])
        if read != ["sig-p1": second, "sig-p3": first] { log.append("photos(ids:) gave \(read.keys.sorted())") }
        if try await !store.sightingPhotoIDs(reportID: "s-open").isEmpty { log.append("another report lists photos") }

        try await store.removeSighting(id: "sig-p1")
        try await store.addSighting(sighting("sig-p1", report: "s-photo", seen: 1))
        if try await store.sightingPhoto(id: "sig-p1") != nil { log.append("a removed sighting's photo stayed") }
        try await store.removeSightings(email: "photo@example.org")
        if try await !store.sightingPhotos(ids: ["sig-p3"]).isEmpty {
            log.append("a forgotten sighting's photo stayed")
        }
        try await store.setSightingPhoto(first, id: "sig-p2")
        try await store.remove(id: "s-photo")
        if try await !store.sightingPhotos(ids: ["sig-p2"]).isEmpty { log.append("a removed report's photo stayed") }
    }
}
