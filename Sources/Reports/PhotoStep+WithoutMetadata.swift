public import ReportSteps

extension PhotoStep {
    /// Picks and loads a file as ``attach(filename:bytes:)`` does, keeping it without its
    /// metadata: the step's rule first (the format from the content, the flow's formats and
    /// size), then at most ``ReportPhotoRules/maximumByteCount``, then ``PhotoScrubber``; the
    /// photo attached is the scrubbed one. What a server keeps goes through here.
    ///
    /// - Returns: The photo as kept, with what was removed.
    /// - Throws: ``PhotoError`` when refused (damaged included); the last good photo (if any)
    ///   stays attached and ``errorMessage`` says why.
    public mutating func attachWithoutMetadata(filename: String, bytes: [UInt8]) throws(PhotoError)
        -> AdmittedPhoto
    {
        let admitted: AdmittedPhoto
        do throws(PhotoError) {
            admitted = try ReportPhotoRules.admit(bytes, by: self)
        } catch {
            refusePick(because: error.description)
            throw error
        }
        try attach(filename: filename, bytes: [UInt8](admitted.photo.bytes))
        return admitted
    }
}
