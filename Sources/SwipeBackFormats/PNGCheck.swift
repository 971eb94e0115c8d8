// SPDX-License-Identifier: Apache-2.0
/// Checks a PNG file's structure before any decoder sees it: the signature, every chunk's length
/// and CRC, the IHDR header (its size within `InputLimits`), an IDAT, and the IEND at the end.
/// A damaged byte anywhere in a chunk fails its CRC, so it is named here, with its place, rather
/// than by the decoder.
enum PNGCheck {
    /// The 8 bytes every PNG file starts with.
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// What is wrong with `bytes` as a PNG file, as words that follow "image "a.png" ", or nil.
    static func problem(_ bytes: [UInt8]) -> String? {
        guard bytes.count >= 8, Array(bytes[0..<8]) == signature else { return "is not a PNG file (no PNG signature)" }
        var offset = 8
        var sawHeader = false, sawData = false
        while true {
            guard offset + 8 <= bytes.count else { return "is truncated: it ends at byte \(bytes.count) without an IEND chunk" }
            let length = Int(be32(bytes, offset))
            let typeBytes = Array(bytes[offset + 4..<offset + 8])
            guard typeBytes.allSatisfy({ (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }) else {
                return "is damaged: no chunk type at byte \(offset + 4)"
            }
            let type = String(decoding: typeBytes, as: UTF8.self)
            guard length <= 0x7FFF_FFFF, offset + 12 + length <= bytes.count else {
                return "is truncated: its \(type) chunk at byte \(offset) runs past the end of the file (\(bytes.count) bytes)"
            }
            let stored = be32(bytes, offset + 8 + length)
            guard crc32(bytes[offset + 4..<offset + 8 + length]) == stored else {
                return "is damaged: the CRC of its \(type) chunk at byte \(offset) does not match its contents"
            }
            if !sawHeader {
                guard type == "IHDR", length == 13 else { return "is damaged: its first chunk is \(type), not a 13-byte IHDR" }
                if let problem = headerProblem(Array(bytes[offset + 8..<offset + 21])) { return problem }
                sawHeader = true
            }
            if type == "IDAT" { sawData = true }
            if type == "IEND" { return sawData ? nil : "has no image data (no IDAT chunk)" }
            offset += 12 + length
        }
    }

    /// What is wrong with the 13 bytes of an IHDR chunk, or nil.
    private static func headerProblem(_ header: [UInt8]) -> String? {
        let width = Int(be32(header, 0)), height = Int(be32(header, 4))
        let side = InputLimits.imageSide, pixels = InputLimits.imagePixels
        guard width >= 1, height >= 1 else { return "is \(width)x\(height) px: a PNG is at least 1x1" }
        guard width <= side, height <= side, width * height <= pixels else {
            return "is \(width)x\(height) px: images here are at most \(side) px on a side and \(pixels) px in all"
        }
        let depth = header[8], colour = header[9]
        let depths: [UInt8: [UInt8]] = [0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16]]
        guard let allowed = depths[colour], allowed.contains(depth) else {
            return "is damaged: colour type \(colour) with bit depth \(depth) is not a PNG kind"
        }
        guard header[10] == 0, header[11] == 0, header[12] <= 1 else { return "is damaged: unknown compression, filter or interlace method" }
        return nil
    }

    private static func be32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        UInt32(bytes[at]) << 24 | UInt32(bytes[at + 1]) << 16 | UInt32(bytes[at + 2]) << 8 | UInt32(bytes[at + 3])
    }

    /// The CRC-32 of PNG (ISO 3309, polynomial 0xEDB88320), over a chunk's type and data.
    static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }

    private static let table: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }
}
