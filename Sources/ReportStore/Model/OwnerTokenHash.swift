/// The form of an owner token's digest as stores keep it: the SHA-256 of the token, 64
/// lower-case hexadecimal digits. Made where the token is made (the `Reports` module); here
/// only checked, so that a store never keeps something else in its place.
public enum OwnerTokenHash {
    /// Whether `text` is 64 lower-case hexadecimal digits.
    public static func isWellFormed(_ text: String) -> Bool {
        text.utf8.count == 64
            && text.utf8.allSatisfy {
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
                    || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0)
            }
    }
}
