import Foundation
import Geodata
import Geodesy
import OutsideInput
import ReportSteps
import ReportStore

/// One line of a ``ReportArchive`` decoded into a report and its photo: every field of
/// ``ReportField`` by its name and codec, checked with the rules the store and Geodata apply,
/// a member the line should not have or a key written twice refused; the photo through
/// ``ReportPhotoRules`` (its type from its bytes, the report's flow's formats and size, its
/// metadata removed).
struct ReportArchiveLine: Decodable {
    /// The member that holds the photo, beside the report's fields.
    static let photoMember = "photo"

    struct Photo: Decodable {
        let type: ImageType
        let data: String
    }

    let report: PetReport
    /// The photo's bytes as the line gives them (not yet through ``ReportPhotoRules``), and
    /// the type the line says.
    let photo: (bytes: [UInt8], declared: ImageType)?
    /// How many bytes of the line the photo's base64 took.
    let photoTextBytes: Int

    init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: AnyKey.self)
        let unknown = values.allKeys.map(\.stringValue).filter {
            ReportField(rawValue: $0) == nil && $0 != Self.photoMember
        }
        guard unknown.isEmpty else {
            throw ReportArchiveProblem("\(unknown.sorted().joined(separator: ", ")) is not a member of a report")
        }
        let line = try decoder.container(keyedBy: ReportField.self)
        let id = try line.decode(String.self, forKey: .id)
        let kind = try line.decode(ReportKind.self, forKey: .kind)
        var report = PetReport(id: id, kind: kind, status: try line.decode(ReportStatus.self, forKey: .status))
        for field in ReportField.allCases {
            switch field.value {
            case .id, .kind, .status, .latitude, .longitude, .radius: continue
            case .text:
                let text = try line.decodeIfPresent(String.self, forKey: field)
                // The card's required texts are written "" when the report has none.
                field.setText(field.isRequiredOnCard && text?.isEmpty == true ? nil : text, in: &report)
            case .timestamp: field.setText(try line.decodeIfPresent(String.self, forKey: field), in: &report)
            case .wholeNumber: field.setInteger(try line.decodeIfPresent(Int.self, forKey: field), in: &report)
            }
        }
        let latitude = try line.decodeIfPresent(Double.self, forKey: .locationLatitude)
        let longitude = try line.decodeIfPresent(Double.self, forKey: .locationLongitude)
        switch (latitude, longitude) {
        case (let latitude?, let longitude?):
            do {
                report.coordinate = try Coordinate(latitude: latitude, longitude: longitude)
            } catch {
                throw ReportArchiveProblem("locationLatitude, locationLongitude: \(error.description)")
            }
        case (nil, nil): break
        default: throw ReportArchiveProblem("locationLatitude and locationLongitude go together")
        }
        if let kilometres = try line.decodeIfPresent(Double.self, forKey: .locationRadius) {
            do {
                report.radius = try SearchRadius(kilometers: kilometres)
            } catch {
                throw ReportArchiveProblem("locationRadius: \(error.description)")
            }
        }
        self.report = report
        if let photo = try values.decodeIfPresent(Photo.self, forKey: AnyKey(Self.photoMember)) {
            guard let bytes = Data(base64Encoded: photo.data), !bytes.isEmpty else {
                throw ReportArchiveProblem("photo.data is not base64 of an image")
            }
            self.photo = ([UInt8](bytes), photo.type)
            photoTextBytes = photo.data.utf8.count
        } else {
            photo = nil
            photoTextBytes = 0
        }
    }

    /// The photo through ``ReportPhotoRules`` (its type from its bytes, the report's flow's
    /// formats and size, its metadata removed), or `nil` when the line has none.
    ///
    /// - Throws: ``ReportArchiveProblem`` saying why the rules refused it.
    func admittedPhoto() throws(ReportArchiveProblem) -> AdmittedPhoto? {
        guard let photo else { return nil }
        do throws(PhotoError) {
            return try ReportPhotoRules.admit(photo.bytes, for: report.kind)
        } catch {
            throw ReportArchiveProblem(Self.refusal(error, declared: photo.declared))
        }
    }

    /// Why the photo rules refused a line's photo, in an import's words.
    static func refusal(_ error: PhotoError, declared: ImageType) -> String {
        switch error {
        case .empty: "photo.data is empty"
        case .unsupportedType:
            "photo.data is not a JPG, PNG, HEIC, GIF or WEBP image (photo.type says \(declared); "
                + "the type is read from the data)"
        case .typeNotAccepted(let type): "the photo is \(type); a found report's photo must be PNG or JPG"
        case .tooLarge(let byteCount, let limit):
            "the photo is \(byteCount) bytes, more than the \(limit) bytes this report's photo may have"
        case .damaged(_, let message): "photo: \(message)"
        }
    }

    /// Any member name, to find those a report does not have.
    struct AnyKey: CodingKey {
        let stringValue: String
        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }
}
