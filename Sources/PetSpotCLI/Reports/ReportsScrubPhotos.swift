import ArgumentParser
import OutsideInput
import PhotoMetadata
import ReportSteps
import ReportStore
import Reports

extension PetSpot.Reports {
    /// `petspot reports scrub-photos [--dry-run]`.
    struct ScrubPhotos: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "scrub-photos",
            abstract: "Take the metadata (EXIF with its GPS position, XMP, IPTC, comments) out of the stored photos.",
            discussion: """
                Photos are cleaned on their way in (PUT /v1/reports/ID/photo, Submit report, \
                reports import); this cleans those kept before: every report's photo, one at a \
                time, in id order. EXIF (GPS position, camera make, model and serial number, \
                owner, thumbnail), XMP, IPTC/Photoshop data, comments and PNG text chunks are \
                removed; only the orientation is kept, so the picture stands as it did. A \
                photo's media type is set to its content's. A photo that needs nothing is left \
                as it is, so a second run changes nothing and says so. A photo changed while \
                this runs (a server beside it) is left to that change.

                One line per photo changed: its report's id and the blocks removed; then the \
                total. --dry-run says the same and changes nothing.

                Exit status: 0 done, 1 a photo that is not a whole image (named, left as it \
                is) or a store error.
                """)

        @Flag(help: "Say what would change, and change nothing.")
        var dryRun = false

        @OptionGroup var storeOptions: StoreOptions

        func run() async throws {
            let dryRun = self.dryRun
            let totals = try await withStore(storeOptions) { store throws(ReportStoreError) in
                try await StoredPhotoScrub.run(try keptPhotos(store).store, dryRun: dryRun) { outcome in
                    if let line = Self.line(outcome, dryRun: dryRun) { print(line.terminalSafe) }
                }
            }
            print(Self.total(totals, dryRun: dryRun))
            if totals.unreadable > 0 { throw ExitCode(1) }
        }

        /// The line for one photo, or `nil` for a photo left as it was.
        static func line(_ outcome: StoredPhotoScrub.Outcome, dryRun: Bool) -> String? {
            switch outcome {
            case .clean: return nil
            case .scrubbed(let change):
                var parts: [String] = []
                if !change.removed.isEmpty {
                    let removed = change.removed.map(\.description).joined(separator: ", ")
                    parts.append("\(dryRun ? "would remove" : "removed") \(removed)")
                } else if change.bytesChanged {
                    parts.append("\(dryRun ? "would rewrite" : "rewrote") its layout (no metadata in it)")
                }
                if let orientation = change.keptOrientation { parts.append("kept orientation \(orientation)") }
                if let previous = change.previousMediaType {
                    parts.append("media type \(previous) → \(change.type.mimeType)")
                }
                return "\(change.id): " + parts.joined(separator: "; ")
            case .unreadable(let id, let message): return "\(id): left as it is: \(message)"
            case .changedMeanwhile(let id): return "\(id): changed while this ran; left to that change"
            }
        }

        /// The closing line.
        static func total(_ totals: StoredPhotoScrub.Totals, dryRun: Bool) -> String {
            guard totals.photos > 0 else { return "No stored photos: nothing to change." }
            let photos = "\(totals.photos) photo\(totals.photos == 1 ? "" : "s")"
            guard totals.changed > 0 else {
                let unreadable = totals.unreadable > 0 ? " (\(notWhole(totals.unreadable)))" : ""
                return "Nothing to change: none of the \(photos) carries metadata\(unreadable)."
            }
            let bytes = PhotoAttachment.sizeText(byteCount: totals.bytesRemoved)
            var line =
                dryRun
                ? "Would clean \(totals.changed) of \(photos) (\(bytes) of metadata); nothing was changed (--dry-run)."
                : "Cleaned \(totals.changed) of \(photos) (\(bytes) of metadata removed)."
            if totals.unreadable > 0 { line += " \(notWhole(totals.unreadable))." }
            if totals.changedMeanwhile > 0 { line += " \(totals.changedMeanwhile) changed meanwhile, left." }
            return line
        }

        /// `"1 is not a whole image, left as it is"`, `"2 are not whole images, left as they are"`.
        static func notWhole(_ count: Int) -> String {
            count == 1
                ? "1 is not a whole image, left as it is" : "\(count) are not whole images, left as they are"
        }
    }
}
