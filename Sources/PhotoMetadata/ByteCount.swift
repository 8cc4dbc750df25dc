/// Numbers of bytes as the scrubber's messages write them.
enum ByteCount {
    /// `2048` → `"2,048"`: digits in groups of three, whatever the locale.
    static func grouped(_ value: Int) -> String {
        let digits = Array(String(value.magnitude))
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return value < 0 ? "-" + text : text
    }
}
