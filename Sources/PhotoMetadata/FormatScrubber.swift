/// One format's scrubber (``JPEGScrubber``, …): made over a file's bytes, it scrubs them once.
protocol FormatScrubber {
    /// A scrubber over a whole file's bytes.
    init(_ bytes: [UInt8])

    /// The bytes without their metadata, what was removed and the orientation kept.
    ///
    /// - Throws: ``PhotoMetadataError`` when the bytes are not a whole image of the format.
    mutating func scrub() throws(PhotoMetadataError) -> ScrubbedImage
}

extension JPEGScrubber: FormatScrubber {}
extension PNGScrubber: FormatScrubber {}
extension WebPScrubber: FormatScrubber {}
extension GIFScrubber: FormatScrubber {}
extension HEICScrubber: FormatScrubber {}
