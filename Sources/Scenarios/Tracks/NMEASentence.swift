import OutsideInput

/// NMEA 0183 sentence framing: `$TALKER,fields…*HH` with an XOR checksum.
public enum NMEASentence {
    /// The checksum of `body` (the text between `$` and `*`): the XOR of its bytes, as two
    /// upper-case hex digits.
    ///
    /// ```swift
    /// NMEASentence.checksum("GPGGA,120000.00,5213.7820,N,02100.7320,E,1,08,0.9,110.0,M,,M,,")
    /// ```
    public static func checksum(_ body: some StringProtocol) -> String {
        let value = body.utf8.reduce(UInt8(0)) { $0 ^ $1 }
        let hex = String(value, radix: 16, uppercase: true)
        return hex.count == 1 ? "0" + hex : hex
    }

    /// `$body*HH`.
    public static func framed(_ body: String) -> String { "$\(body)*\(checksum(body))" }

    /// The fields of a framed sentence after checking its checksum, or an error message.
    ///
    /// A sentence without `*HH` is accepted (the checksum is optional in NMEA 0183); a
    /// sentence with a wrong one is not.
    static func fields(of line: Substring) -> Result<[Substring], TrackError> {
        guard line.first == "$" || line.first == "!" else {
            return .failure(TrackError(line: 0, column: 1, message: "expected an NMEA sentence starting with '$'"))
        }
        var body = line.dropFirst()
        if let star = body.lastIndex(of: "*") {
            let given = body[body.index(after: star)...]
            body = body[..<star]
            let expected = checksum(body)
            guard given.uppercased() == expected else {
                return .failure(
                    TrackError(
                        line: 0, column: line.count - given.count + 1,
                        message:
                            "checksum *\(InputQuote.excerpt(given)) does not match the sentence (expected *\(expected))"
                    ))
            }
        }
        return .success(body.split(separator: ",", omittingEmptySubsequences: false))
    }
}
