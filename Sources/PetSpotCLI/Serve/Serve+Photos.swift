#if Server
    import Logging
    import ReportStore
    import Reports

    extension PetSpot.Serve {
        /// Moves the photo files of an earlier petspot's folder into the store. A failure is
        /// logged and the server starts: the files stay where they are for the next start.
        static func movePhotos(from folder: ReportPhotoFolder, into photos: StoreKeptPhotos, logger: Logger)
            async
        {
            do throws(ReportPhotoError) {
                let move = try await folder.moveAll(into: photos)
                guard move.moved > 0 || !move.left.isEmpty else { return }
                logger.notice(
                    "photos moved into the store",
                    metadata: [
                        "folder": "\(folder.path)", "moved": "\(move.moved)", "left": "\(move.left.count)",
                        "leftFiles": "\(move.left.prefix(10).joined(separator: ","))",
                    ])
            } catch {
                logger.error(
                    "photos not moved into the store", metadata: ["folder": "\(folder.path)", "error": "\(error)"])
            }
        }
    }
#endif
