// SPDX-License-Identifier: Apache-2.0
/// Pixels a window presents: 32-bit words per pixel, x8r8g8b8 in native byte order (what a 24-bit
/// X visual and cairo's RGB24 both take), rows `bytesPerRow` apart.
///
/// The platform layer owns the memory (shared with the X server when it can) and hands this value
/// to the renderer, which draws into it; neither needs to know the other.
public struct PixelBuffer: Equatable, @unchecked Sendable {
    /// The first byte of the first row; valid as long as its owner keeps the buffer.
    public let baseAddress: UnsafeMutableRawPointer
    /// Width in px, 1...32767.
    public let width: Int
    /// Height in px, 1...32767.
    public let height: Int
    /// Bytes from one row to the next: at least `width * 4`.
    public let bytesPerRow: Int

    /// Describes pixels at `baseAddress`.
    ///
    /// - Parameters:
    ///   - baseAddress: at least `bytesPerRow * height` bytes.
    ///   - width: px, 1...32767.
    ///   - height: px, 1...32767.
    ///   - bytesPerRow: at least `width * 4`.
    public init(baseAddress: UnsafeMutableRawPointer, width: Int, height: Int, bytesPerRow: Int) {
        precondition(bytesPerRow >= width * 4, "a row of \(width) px needs \(width * 4) bytes, got \(bytesPerRow)")
        self.baseAddress = baseAddress
        self.width = width
        self.height = height
        self.bytesPerRow = bytesPerRow
    }
}
