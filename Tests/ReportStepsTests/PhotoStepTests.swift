import ReportSteps
import Testing

@Suite("Photo steps: Animal photo 2/4 (spec 001) and Upload photo 1/3 (spec 004)")
struct PhotoStepTests {
    @Test(arguments: [
        (Fixtures.jpegBytes, ImageType.jpeg), (Fixtures.pngBytes, .png), (Fixtures.gifBytes, .gif),
        (Fixtures.webpBytes, .webp), (Fixtures.heicBytes, .heic),
        ([0, 0, 0, 20] + Array("ftypmif1".utf8) + [0, 0, 0, 0] + Array("mif1".utf8), .heic),
    ])
    func formatsAreRecognisedByTheirMagicBytes(bytes: [UInt8], type: ImageType) {
        #expect(ImageType.detect(bytes) == type)
    }

    @Test(arguments: [
        Array("hello, not an image".utf8), [0xFF, 0xD8], Array("RIFF\0\0\0\0WAVE".utf8),
        [0, 0, 0, 24] + Array("ftypavif".utf8) + [0, 0, 0, 0] + Array("mif1avif".utf8),
        [0, 0, 0, 20] + Array("ftypisom".utf8) + [0, 0, 0, 0] + Array("mp41".utf8), [],
    ])
    func otherContentIsNotAnImage(bytes: [UInt8]) {
        #expect(ImageType.detect(bytes) == nil)
    }

    @Test func theFileNameDoesNotDecideTheType() throws {
        var step = PhotoStep(copy: .missingFlow)
        try step.attach(filename: "cat.jpg", bytes: Fixtures.pngBytes)
        #expect(step.photo?.type == .png)
        #expect(throws: PhotoError.unsupportedType) {
            try step.attach(filename: "cat.png", bytes: Array("plain text".utf8))
        }
        #expect(step.photo?.filename == "cat.jpg", "a refused file keeps the last good photo")
        #expect(step.errorMessage == "This file is not a JPG, PNG, HEIC, GIF or WEBP image. Choose a photo.")
    }

    @Test func continueWithoutPhotoShowsPhotoIsMandatoryFor3Seconds() {
        let step = PhotoStep(copy: .missingFlow)
        let outcome = step.continueTapped()
        #expect(outcome == .stay(.photoMandatory))
        #expect(outcome.toast?.message == "Photo is mandatory")
        #expect(outcome.toast?.duration == .seconds(3))
        #expect(step.helperText == "A photo of the animal is required to continue.")
    }

    @Test func attachedPhotoShowsItsCardAndAdvances() throws {
        var step = PhotoStep(copy: .missingFlow)
        try step.attach(filename: "luna.heic", bytes: Fixtures.heicBytes)
        #expect(step.photo?.filename == "luna.heic")
        #expect(step.photo?.sizeText == "24 B")
        #expect(step.helperText == nil)
        #expect(step.continueTapped() == .advance)
    }

    @Test func removeReturnsToTheEmptyStateAndTheToastComesBack() throws {
        var step = PhotoStep(copy: .missingFlow)
        try step.attach(filename: "luna.gif", bytes: Fixtures.gifBytes)
        step.remove()
        #expect(step.state == .empty)
        #expect(step.continueTapped() == .stay(.photoMandatory))
    }

    @Test func aFailedLoadClearsTheSelectionWithNoMessage() throws {
        var step = PhotoStep(copy: .missingFlow)
        step.beginLoading(filename: "icloud.heic")
        #expect(step.state == .loading(filename: "icloud.heic"))
        #expect(step.continueTapped() == .stay(.photoMandatory), "no advancing while loading")
        step.loadingFailed()
        #expect(step.state == .empty)
        #expect(step.errorMessage == nil)
        step.beginLoading(filename: "icloud.heic")
        try step.finishLoading(bytes: Fixtures.heicBytes)
        #expect(step.photo?.type == .heic)
        step.beginLoading(filename: "broken.heic")
        #expect(throws: PhotoError.unsupportedType) { try step.finishLoading(bytes: [1, 2, 3]) }
        #expect(step.state == .empty)
    }

    @Test func identifiersAndCopyOfTheMissingFlowStep() {
        let copy = PhotoStepCopy.missingFlow
        #expect(copy.browseAccessibilityIdentifier == "animalPhoto.browse")
        #expect(copy.removeAccessibilityIdentifier == "animalPhoto.remove")
        #expect(copy.continueAccessibilityIdentifier == "animalPhoto.continue")
        #expect(MissingReportMachine.Step.animalPhoto.progress == "2/4")
        #expect(copy.intro == MissingReportMachine.Step.animalPhoto.intro)
        #expect(copy.intro.screenTitle == "Animal photo")
        #expect(copy.browseTitle == "Browse")
    }

    @Test func foundFlowUploadCopyMatchesFR017() {
        let copy = PhotoStepCopy.foundFlow
        #expect(copy.intro.screenTitle == "Upload photo")
        #expect(copy.intro.heading == "Upload photo")
        #expect(FoundReportMachine.Step.uploadPhoto.progress == "1/3")
        #expect(copy.intro == FoundReportMachine.Step.uploadPhoto.intro)
        #expect(
            copy.intro.body == "Upload a clear photo of the pet you found. This helps the owner recognize them quickly."
        )
        #expect(copy.browseTitle == "Tap to upload a photo")
        #expect(copy.emptyStateSecondary == "PNG or JPG up to 10 MB")
        #expect(copy.continueTitle == "Continue")
    }

    @Test func foundFlowTakesOnlyPngOrJpgUpTo10MB() throws {
        var step = PhotoStep(copy: .foundFlow)
        #expect(throws: PhotoError.typeNotAccepted(.gif)) {
            try step.attach(filename: "a.gif", bytes: Fixtures.gifBytes)
        }
        #expect(step.errorMessage == "GIF photos are not accepted here. Choose a PNG or JPG photo.")
        let limit = 10_000_000  // PhotoStep.maximumByteCount, as the copy says it
        let atLimit = Fixtures.jpegBytes + [UInt8](repeating: 0, count: limit - Fixtures.jpegBytes.count)
        try step.attach(filename: "big.jpg", bytes: atLimit)
        #expect(step.photo?.byteCount == limit)
        #expect(throws: PhotoError.tooLarge(byteCount: limit + 1, limit: limit)) {
            try step.attach(filename: "huge.jpg", bytes: atLimit + [0])
        }
        #expect(
            step.errorMessage == "This photo is larger than 10 MB, the largest photo we take. Choose a smaller one.")
        #expect(step.photo?.filename == "big.jpg", "the last good photo stays")
        // One unit: the largest accepted photo shows as 10.0 MB, the size the copy promises.
        #expect(step.photo?.sizeText == "10.0 MB")
        #expect(PhotoStepCopy.foundFlow.emptyStateSecondary == "PNG or JPG up to 10 MB")
    }

    /// Issue 43: a 20.2 MB photo was taken at *Animal photo* and refused only at Submit report,
    /// in bytes. Both flows refuse it at the photo step, with the size and the limit in words.
    @Test(arguments: [PhotoStepCopy.missingFlow, .foundFlow])
    func aPhotoOverTheLimitIsRefusedAtThePhotoStepInBothFlows(copy: PhotoStepCopy) throws {
        let message = "This photo is 20.2 MB; the largest photo we take is 10 MB. Choose a smaller one."
        var step = PhotoStep(copy: copy)
        #expect(throws: PhotoError.tooLarge(byteCount: 20_200_000, limit: 10_000_000)) {
            try step.check(head: Fixtures.jpegBytes, byteCount: 20_200_000)
        }
        let big = Fixtures.jpegBytes + [UInt8](repeating: 0, count: 20_200_000 - Fixtures.jpegBytes.count)
        #expect(throws: PhotoError.tooLarge(byteCount: 20_200_000, limit: 10_000_000)) {
            try step.attach(filename: "big20.jpg", bytes: big)
        }
        #expect(step.errorMessage == message)
        #expect(step.photo == nil)
        #expect(try step.check(head: Fixtures.jpegBytes, byteCount: 10_000_000) == .jpeg)
        #expect(copy.emptyStateSecondary?.hasSuffix(" up to 10 MB") == true, "the limit is said before a pick")
    }

    /// A file that cannot be read is refused once, with one reason: it replaces an earlier
    /// refusal and keeps the last good photo.
    @Test func anUnreadablePickReplacesTheEarlierReasonAndKeepsThePhoto() throws {
        var step = PhotoStep(copy: .missingFlow)
        #expect(throws: PhotoError.empty) { try step.attach(filename: "empty.png", bytes: []) }
        #expect(step.errorMessage == "This file is empty. Choose a photo.")
        step.refusePick(because: "No file at /nope.png. Check the path and try again.")
        #expect(step.errorMessage == "No file at /nope.png. Check the path and try again.")
        try step.attach(filename: "luna.png", bytes: Fixtures.pngBytes)
        #expect(step.errorMessage == nil)
        step.refusePick(because: "/tmp is a folder, not a photo file.")
        #expect(step.photo?.filename == "luna.png")
        #expect(step.errorMessage == "/tmp is a folder, not a photo file.")
        step.remove()
        #expect(step.errorMessage == nil)
    }

    @Test(arguments: [
        (0, "0 B"), (999, "999 B"), (1000, "1.0 KB"), (45_300, "45.3 KB"), (2_400_000, "2.4 MB"),
        (999_960, "1.0 MB"),
    ])
    func sizeTextIsDeterministic(count: Int, text: String) {
        #expect(PhotoAttachment.sizeText(byteCount: count) == text)
    }
}
