import Foundation
import FuzzSupport
import OutsideInput

/// Fuzzes the duplicate-key scanner against Foundation's parsers. Properties:
/// - what the scanner reads as JSON, `JSONDecoder` reads too, and the keys Foundation keeps
///   (it silently merges repeats) are exactly the members the scanner counted when it found
///   no repeat, and fewer when it did;
/// - what `JSONSerialization` accepts (UTF-8 input), the scanner accepts, so no file a
///   Foundation reader takes can skip the check.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDuplicateKeys(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(bytes: data, count: size)
    let scan = JSONDuplicateKeys.scan(bytes)
    if case .valid(let duplicate, let members) = scan {
        let shape: KeyCount
        do {
            shape = try JSONDecoder().decode(KeyCount.self, from: bytes)
        } catch {
            require(false, "the scanner read JSON that JSONDecoder refuses: \(error)")
            return 0
        }
        if duplicate == nil {
            require(shape.keys == members, "no repeat found, but Foundation kept \(shape.keys) of \(members) keys")
        } else {
            require(shape.keys < members, "a repeat found, but Foundation kept all \(members) keys")
        }
    }
    if !looksLikeUTF16Or32(bytes), (try? JSONSerialization.jsonObject(with: bytes, options: .fragmentsAllowed)) != nil {
        guard case .valid = scan else {
            require(false, "JSONSerialization accepts what the scanner refuses: \(scan)")
            return 0
        }
    }
    return 0
}

/// Foundation reads text whose first bytes hold a NUL, or that starts with a UTF-16 byte
/// order mark, as UTF-16 or UTF-32; PetSpot's files are UTF-8 and the scanner refuses those.
private func looksLikeUTF16Or32(_ bytes: Data) -> Bool {
    bytes.prefix(4).contains(0) || bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE])
}

/// The number of keys Foundation keeps, reading only structure (scalars are not parsed, as
/// a `Decodable` type that ignores a member does not parse it).
private struct KeyCount: Decodable {
    var keys = 0

    init(from decoder: any Decoder) throws {
        if let object = try? decoder.container(keyedBy: AnyKey.self) {
            keys = object.allKeys.count
            for key in object.allKeys { keys += try object.decode(KeyCount.self, forKey: key).keys }
        } else if var array = try? decoder.unkeyedContainer() {
            while !array.isAtEnd { keys += try array.decode(KeyCount.self).keys }
        }
    }
}

private struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
