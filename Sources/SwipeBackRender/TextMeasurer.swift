// SPDX-License-Identifier: Apache-2.0
import CCairo
import SwipeBackCore

/// Measures text and images the way `PagePainter` draws them, for the core's layout.
public final class TextMeasurer: ContentMeasuring {
    private let scratch: ImageSurface
    private let assetsDirectory: String
    /// Where image `src` paths are found; the compositor made from this measurer draws from there too.
    public let images: ImagePaths
    private var aspectCache: [String: Double] = [:]
    /// Heights already measured, by width and text: layout runs on the per-event and per-frame
    /// paths (hit testing, scroll bounds, snapshot sizes), and pango is not cheap.
    private var heightCache: [TextKey: Double] = [:]

    private struct TextKey: Hashable {
        var text: String
        var width: Double
        var font: TextFont
    }

    /// The configuration's `fontFamily`: text whose page and element name no family of their own
    /// (or one the system lacks) is set in it, or in DejaVu Sans when the system lacks it too.
    public let fontFamily: String?

    /// Creates a measurer with the shipped fonts and the system's behind them.
    ///
    /// - Parameters:
    ///   - imageDirectory: the folder image `src` paths are relative to, or nil.
    ///   - fontFamily: the configuration's `fontFamily`, or nil for the shipped DejaVu Sans.
    /// - Throws: `RenderError` when the fonts or Assets cannot be found.
    public init(imageDirectory: String? = nil, fontFamily: String? = nil) throws {
        assetsDirectory = try AssetLocator.assetsDirectory()
        try FontLibrary.load(assetsDirectory: assetsDirectory)
        scratch = try ImageSurface(width: 1, height: 1)
        images = ImagePaths(directory: imageDirectory ?? ".")
        self.fontFamily = fontFamily
    }

    /// `font` with the family it is drawn in: its own, else `fontFamily`, else DejaVu Sans,
    /// whichever the system has first.
    public func drawnFont(_ font: TextFont) -> TextFont {
        FontLibrary.drawnFont(font, fallback: fontFamily)
    }

    /// Height in px of body text in `fontFamily` wrapped at `width` px.
    public func textHeight(_ text: String, width: Double) -> Double {
        textHeight(text, width: width, font: TextFont())
    }

    /// Height in px of body text set in `font` (as `drawnFont` resolves it) wrapped at `width` px.
    public func textHeight(_ text: String, width: Double, font: TextFont) -> Double {
        // Keyed by the font as asked for: which family it resolves to never changes in a run.
        let key = TextKey(text: text, width: width, font: font)
        if let cached = heightCache[key] { return cached }
        let font = drawnFont(font)
        let height = (try? scratch.draw { cr -> Double in
            let layout = FontLibrary.layout(cr, text: text, sizePixels: Theme.bodySize, bold: false, wrapWidth: width, font: font)
            defer { swipeback_g_object_unref(UnsafeMutableRawPointer(layout)) }
            return FontLibrary.pixelSize(layout).height
        }) ?? Theme.bodySize * 1.2
        heightCache[key] = height
        return height
    }

    /// Height over width of the PNG at `src`, or nil when it cannot be read.
    public func imageAspectRatio(_ src: String) -> Double? {
        if let cached = aspectCache[src] { return cached }
        let path = images.path(of: src)
        guard let image = try? ImageSurface(png: path), image.width > 0 else { return nil }
        let ratio = Double(image.height) / Double(image.width)
        aspectCache[src] = ratio
        return ratio
    }
}
