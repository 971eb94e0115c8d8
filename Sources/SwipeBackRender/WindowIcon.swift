// SPDX-License-Identifier: Apache-2.0
/// The application icon, drawn by the project (`scripts/make-icon.py`), as a window shows it.
public enum WindowIcon {
    /// The icon's sizes in px, square: `Assets/icons/swipeback-<size>.png`, installed also under
    /// `share/icons/hicolor/<size>x<size>/apps/swipeback.png`.
    public static let sizes = [48, 128, 256]

    /// The icon at every size, as `_NET_WM_ICON` wants it: rows of 0xAARRGGBB pixels, not premultiplied.
    ///
    /// - Parameter assetsDirectory: the assets folder (`AssetLocator.assetsDirectory()`).
    /// - Returns: (width, height, pixels) per size, smallest first.
    /// - Throws: `RenderError` when an icon file is missing or not a PNG.
    public static func images(assetsDirectory: String) throws -> [(width: Int, height: Int, argb: [UInt32])] {
        try images(pngFiles: sizes.map { assetsDirectory + "/icons/swipeback-\($0).png" })
    }

    /// An app's own icon, one PNG file per size, as `_NET_WM_ICON` wants it.
    ///
    /// - Parameter pngFiles: paths of PNG files (any size; 48, 128 and 256 px square are usual).
    /// - Returns: (width, height, pixels) per file, in the order given.
    /// - Throws: `RenderError` when a file is missing or not a PNG.
    public static func images(pngFiles: [String]) throws -> [(width: Int, height: Int, argb: [UInt32])] {
        try pngFiles.map { path in
            let image = try ImageSurface(png: path)
            image.flush()
            var pixels: [UInt32] = []
            pixels.reserveCapacity(image.width * image.height)
            for y in 0..<image.height {
                for x in 0..<image.width { pixels.append(unpremultiplied(image.pixel(x: x, y: y))) }
            }
            return (image.width, image.height, pixels)
        }
    }

    /// A cairo ARGB32 pixel (colour premultiplied by alpha) with its colour divided by alpha again.
    static func unpremultiplied(_ pixel: UInt32) -> UInt32 {
        let a = pixel >> 24
        guard a != 0, a != 255 else { return a == 0 ? 0 : pixel }
        func channel(_ shift: UInt32) -> UInt32 { min(255, (((pixel >> shift) & 0xFF) * 255 + a / 2) / a) << shift }
        return a << 24 | channel(16) | channel(8) | channel(0)
    }
}
