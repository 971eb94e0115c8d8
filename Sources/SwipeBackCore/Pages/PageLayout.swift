// SPDX-License-Identifier: Apache-2.0
/// Measures what the core cannot: text heights and image shapes. The renderer supplies it.
public protocol ContentMeasuring {
    /// Height in px of `text` wrapped at `width` px.
    func textHeight(_ text: String, width: Double) -> Double
    /// Height in px of `text` set in `font` and wrapped at `width` px; a measurer that knows no
    /// fonts leaves this to `textHeight(_:width:)`.
    func textHeight(_ text: String, width: Double, font: TextFont) -> Double
    /// Height divided by width of the image at `src` (for example 0.75 for 4:3), or nil if unknown.
    func imageAspectRatio(_ src: String) -> Double?
}

extension ContentMeasuring {
    /// The height of `text` in the measurer's one font, whatever `font` says.
    public func textHeight(_ text: String, width: Double, font: TextFont) -> Double {
        textHeight(text, width: width)
    }
}

/// A measurer with fixed metrics, for the core's own tests and headless runs without a renderer.
public struct FixedContentMeasurer: ContentMeasuring {
    /// Height of one text line in px.
    public var lineHeight: Double
    /// Average advance of one character in px.
    public var characterWidth: Double

    /// Creates a measurer; defaults approximate 16 px sans text.
    public init(lineHeight: Double = 20, characterWidth: Double = 8) {
        self.lineHeight = lineHeight
        self.characterWidth = characterWidth
    }

    /// Lines of `characterWidth`-wide characters, wrapped at `width`, times `lineHeight`.
    public func textHeight(_ text: String, width: Double) -> Double {
        let perLine = max(1, Int(width / characterWidth))
        let lines = max(1, (text.count + perLine - 1) / perLine)
        return Double(lines) * lineHeight
    }

    /// Always 0.75 (4:3).
    public func imageAspectRatio(_ src: String) -> Double? { 0.75 }
}

/// Where each element of a page sits (SPEC section 2 layout rules).
public enum PageLayout {
    /// Gap between stacked elements in px.
    public static let spacing = 12.0
    /// Left and right margin of stacked elements in px.
    public static let margin = 16.0

    /// The frames of `page`'s elements, in document order, relative to the page's top-left.
    ///
    /// - Parameters:
    ///   - page: the page.
    ///   - width: the page's width in px.
    ///   - direction: in `rtl`, x is measured from the right.
    ///   - measurer: text heights and image shapes.
    /// - Returns: one frame per element, in px.
    public static func frames(for page: PageDefinition, width: Double, direction: LayoutDirection,
                              measurer: ContentMeasuring) -> [Rect] {
        var y = (page.header ? PageDefinition.headerHeight : 0) + spacing
        let stackedWidth = max(0, width - 2 * margin)
        return page.elements.enumerated().map { index, element in
            var frame: Rect
            if let given = element.frame {
                frame = given
            } else {
                let height: Double
                if let h = element.height {
                    height = h
                } else if let h = element.defaultHeight {
                    height = h
                } else if case .text(let text) = element.kind {
                    height = measurer.textHeight(text, width: stackedWidth, font: page.font(ofElement: index))
                } else if case .image(let src) = element.kind {
                    height = stackedWidth * (measurer.imageAspectRatio(src) ?? 0.75)
                } else {
                    height = 48
                }
                frame = Rect(x: margin, y: y, width: stackedWidth, height: height)
                y += height + spacing
            }
            if direction == .rightToLeft {
                frame.x = width - frame.x - frame.width
            }
            return frame
        }
    }

    /// Total content height of `page` in px: the bottom of its lowest element plus the spacing.
    public static func contentHeight(frames: [Rect], page: PageDefinition) -> Double {
        let header = page.header ? PageDefinition.headerHeight : 0
        return frames.reduce(header) { max($0, $1.maxY + spacing) }
    }
}
