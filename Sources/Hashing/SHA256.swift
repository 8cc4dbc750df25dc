/// SHA-256 (FIPS 180-4), in Swift: the digest PetSpot keeps of owner and operator tokens and
/// the tag of a stored photo. Only hashing: no branch or memory access depends on the data.
///
/// swift-crypto gives the same digest, but its BoringSSL is 375 C files that `petspot` would
/// compile for this one function in every build, `bash scripts/demo`'s quick one too (the whole
/// `petspot` still has them, through postgres-nio). `SHA256Tests` checks this one against FIPS
/// 180-4's examples and `sha256sum` on inputs of every length around the block boundaries.
///
/// ```swift
/// SHA256.hash(data: Array("abc".utf8)).hex
/// // "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
/// ```
public enum SHA256 {
    /// The digest of `data`.
    public static func hash<Bytes: Sequence<UInt8>>(data: Bytes) -> Digest {
        if let digest = data.withContiguousStorageIfAvailable({ hash(UnsafeRawBufferPointer($0)) }) {
            return digest
        }
        return Array(data).withUnsafeBytes { hash($0) }
    }

    /// A SHA-256 digest: 32 bytes.
    public struct Digest: Sequence, Hashable, Sendable {
        /// The 32 bytes.
        public let bytes: [UInt8]

        public func makeIterator() -> IndexingIterator<[UInt8]> { bytes.makeIterator() }

        /// The digest in lower-case hexadecimal (64 digits).
        public var hex: String {
            let digits = Array("0123456789abcdef".utf8)
            var text: [UInt8] = []
            text.reserveCapacity(64)
            for byte in bytes {
                text.append(digits[Int(byte >> 4)])
                text.append(digits[Int(byte & 15)])
            }
            return String(decoding: text, as: UTF8.self)
        }
    }

    static func hash(_ data: UnsafeRawBufferPointer) -> Digest {
        var state = State()
        let whole = data.count / 64 * 64
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { words in
            var offset = 0
            while offset < whole {
                state.compress(UnsafeRawBufferPointer(rebasing: data[offset..<offset + 64]), words)
                offset += 64
            }
            // The rest, then the padding: a 1 bit, zeros, the length in bits (64 bits, big-endian).
            var tail = [UInt8](data[whole...])
            tail.append(0x80)
            let padded = tail.count <= 56 ? 64 : 128
            tail.append(contentsOf: repeatElement(0, count: padded - 8 - tail.count))
            let bits = UInt64(data.count) &* 8
            for shift in stride(from: 56, through: 0, by: -8) {
                tail.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift)))
            }
            tail.withUnsafeBytes { bytes in
                for start in stride(from: 0, to: bytes.count, by: 64) {
                    state.compress(UnsafeRawBufferPointer(rebasing: bytes[start..<start + 64]), words)
                }
            }
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(32)
        for word in [state.a, state.b, state.c, state.d, state.e, state.f, state.g, state.h] {
            for shift in stride(from: 24, through: 0, by: -8) {
                bytes.append(UInt8(truncatingIfNeeded: word >> UInt32(shift)))
            }
        }
        return Digest(bytes: bytes)
    }

    /// The eight working words between blocks.
    struct State {
        var a: UInt32 = 0x6a09_e667
        var b: UInt32 = 0xbb67_ae85
        var c: UInt32 = 0x3c6e_f372
        var d: UInt32 = 0xa54f_f53a
        var e: UInt32 = 0x510e_527f
        var f: UInt32 = 0x9b05_688c
        var g: UInt32 = 0x1f83_d9ab
        var h: UInt32 = 0x5be0_cd19

        /// One 64-byte block; `words` is the message schedule's storage (64 words).
        mutating func compress(_ block: UnsafeRawBufferPointer, _ words: UnsafeMutableBufferPointer<UInt32>) {
            for index in 0..<16 {
                words[index] = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: 4 * index, as: UInt32.self))
            }
            for index in 16..<64 {
                let w15 = words[index - 15]
                let w2 = words[index - 2]
                let s0 = rotate(w15, 7) ^ rotate(w15, 18) ^ (w15 >> 3)
                let s1 = rotate(w2, 17) ^ rotate(w2, 19) ^ (w2 >> 10)
                words[index] = words[index - 16] &+ s0 &+ words[index - 7] &+ s1
            }
            var (a, b, c, d, e, f, g, h) = (self.a, self.b, self.c, self.d, self.e, self.f, self.g, self.h)
            SHA256.constants.withUnsafeBufferPointer { constants in
                for index in 0..<64 {
                    let sum1 = rotate(e, 6) ^ rotate(e, 11) ^ rotate(e, 25)
                    let choice = (e & f) ^ (~e & g)
                    let temp1 = h &+ sum1 &+ choice &+ constants[index] &+ words[index]
                    let sum0 = rotate(a, 2) ^ rotate(a, 13) ^ rotate(a, 22)
                    let majority = (a & b) ^ (a & c) ^ (b & c)
                    (h, g, f, e, d, c, b, a) = (g, f, e, d &+ temp1, c, b, a, temp1 &+ sum0 &+ majority)
                }
            }
            self.a &+= a
            self.b &+= b
            self.c &+= c
            self.d &+= d
            self.e &+= e
            self.f &+= f
            self.g &+= g
            self.h &+= h
        }
    }

    static let constants: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]
}

/// `value` rotated right by `count` bits.
@inline(__always)
func rotate(_ value: UInt32, _ count: UInt32) -> UInt32 {
    (value >> count) | (value << (32 - count))
}
