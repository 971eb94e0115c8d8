// SPDX-License-Identifier: Apache-2.0
import CCairo
import SwipeBackCore

/// Draws one page: background, header bar with title and back button, and its elements.
public struct PagePainter {
    /// The measurer used for element layout (the same one the app model uses).
    public let measurer: ContentMeasuring
    /// Where image `src` paths are found.
    public let images: ImagePaths
    /// The configuration's `fontFamily` (nil: DejaVu Sans), for text whose page and element name
    /// none of their own, or one the system lacks.
    public let fontFamily: String?

    /// Creates a painter.
    ///
    /// - Parameters:
    ///   - measurer: lays out the elements, as the app model does.
    ///   - images: where image `src` paths are found (the measurer's, so both read the same files).
    ///   - fontFamily: the configuration's `fontFamily` (the measurer's), or nil for DejaVu Sans.
    public init(measurer: ContentMeasuring, images: ImagePaths, fontFamily: String? = nil) {
        self.measurer = measurer
        self.images = images
        self.fontFamily = fontFamily
    }

    /// `font` with the family it is drawn in (`FontLibrary.drawnFont`, as the measurer resolves it).
    private func drawn(_ font: TextFont) -> TextFont { FontLibrary.drawnFont(font, fallback: fontFamily) }

    /// Draws `page` into `cr` at the origin.
    ///
    /// - Parameters:
    ///   - page: the page.
    ///   - width: page width in px.
    ///   - height: page height in px.
    ///   - direction: ltr or rtl (mirrors the back button and element layout).
    ///   - backTitle: the previous page's title when the page shows the system back button, else nil.
    ///   - controlValues: current slider values (0...1) and carousel indexes, by element index;
    ///     elements not in it show their document value.
    ///   - pressed: the index of the button drawn pressed, if any.
    ///   - readout: what gesture-status elements show; nil shows "idle".
    ///   - scale: px per layout unit (the window's `Xft.dpi` / 96, `--scale` or
    ///     `SWIPEBACK_SCALE`; 1 headless); `width` and `height` stay in px.
    ///   - content: a Swift page's own drawing, given the context scaled to layout units and the
    ///     page's size in layout units (px / `scale`); it draws over the background and under the
    ///     elements and the header.
    public func draw(_ page: PageDefinition, in cr: OpaquePointer, width: Double, height: Double,
                     direction: LayoutDirection, backTitle: String?, controlValues: [Int: Double] = [:],
                     pressed: Int? = nil, readout: GestureReadout? = nil, carouselDrag: (element: Int, offset: Double)? = nil,
                     content: PageContentDrawing? = nil, scale: Double = 1) {
        setColor(cr, Theme.background)
        cairo_paint(cr)
        // Everything below in layout units: `scale` px each (a kiosk's Xft.dpi / 96).
        cairo_scale(cr, scale, scale)
        let width = width / scale, height = height / scale
        if let content {
            cairo_save(cr)
            content(cr, width, height)
            cairo_restore(cr)
        }
        let frames = PageLayout.frames(for: page, width: width, direction: direction, measurer: measurer)
        for (index, (element, frame)) in zip(page.elements, frames).enumerated() {
            drawElement(element, frame: frame, page: page, font: drawn(page.font(ofElement: index)), rtl: direction == .rightToLeft,
                        value: controlValues[index], pressed: pressed == index,
                        readout: readout, dragOffset: carouselDrag?.element == index ? carouselDrag?.offset : nil, in: cr)
        }
        if page.header {
            drawHeader(page, font: drawn(page.font), in: cr, width: width, direction: direction, backTitle: backTitle)
        }
    }

    private func drawHeader(_ page: PageDefinition, font: TextFont, in cr: OpaquePointer, width: Double,
                            direction: LayoutDirection, backTitle: String?) {
        let h = PageDefinition.headerHeight
        setColor(cr, Theme.headerBackground)
        cairo_rectangle(cr, 0, 0, width, h)
        cairo_fill(cr)
        setColor(cr, Theme.separator)
        cairo_rectangle(cr, 0, h - 1, width, 1)
        cairo_fill(cr)
        // Title, centred between the back button's area and its mirror.
        let showsBack = page.backButton == .system && backTitle != nil
        let side = showsBack ? PageDefinition.backButtonWidth(stackWidth: width) : 16
        text(cr, page.title, size: Theme.titleSize, bold: true, color: Theme.text,
             box: Rect(x: side, y: 0, width: max(0, width - 2 * side), height: h), align: .center,
             rtl: direction == .rightToLeft, font: font)
        guard showsBack, let backTitle else { return }
        // Chevron and the previous page's title at the leading edge.
        let ltr = direction == .leftToRight
        let cx = ltr ? 18.0 : width - 18
        let s = ltr ? 1.0 : -1.0
        setColor(cr, Theme.accent)
        cairo_set_line_width(cr, 2.5)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        cairo_move_to(cr, cx + 6 * s, h / 2 - 10)
        cairo_line_to(cr, cx - 3 * s, h / 2)
        cairo_line_to(cr, cx + 6 * s, h / 2 + 10)
        cairo_stroke(cr)
        guard width >= PageDefinition.backTitleMinimumStackWidth else { return } // the chevron alone
        let labelWidth = PageDefinition.backButtonWidth(stackWidth: width) - 34
        let box = ltr ? Rect(x: 30, y: 0, width: labelWidth, height: h)
                      : Rect(x: width - 30 - labelWidth, y: 0, width: labelWidth, height: h)
        text(cr, backTitle, size: Theme.titleSize, bold: false, color: Theme.accent, box: box, align: .leading, rtl: !ltr, font: font)
    }

    private func drawElement(_ element: PageElement, frame f: Rect, page: PageDefinition, font: TextFont, rtl: Bool, value current: Double?,
                             pressed: Bool, readout: GestureReadout?, dragOffset: Double? = nil, in cr: OpaquePointer) {
        switch element.kind {
        case .text(let string):
            let layout = FontLibrary.layout(cr, text: string, sizePixels: Theme.bodySize, bold: false, wrapWidth: f.width,
                                            rightToLeft: rtl, font: font)
            if rtl { pango_layout_set_alignment(layout, PANGO_ALIGN_RIGHT) }
            defer { swipeback_g_object_unref(UnsafeMutableRawPointer(layout)) }
            setColor(cr, Theme.text)
            cairo_move_to(cr, f.x, f.y)
            pango_cairo_show_layout(cr, layout)
        case .button(let label, _):
            roundedRect(cr, f, radius: Theme.cornerRadius)
            setColor(cr, pressed ? Theme.accentPressed : Theme.accent)
            cairo_fill(cr)
            text(cr, label, size: Theme.bodySize, bold: true, color: Theme.onAccent, box: f, align: .center, rtl: rtl, font: font)
        case .toggle(let label, _):
            // The label leads, the switch trails; right to left both swap sides and the knob's "on" is the left.
            text(cr, label, size: Theme.bodySize, bold: false, color: Theme.text,
                 box: Rect(x: rtl ? f.x + 64 : f.x, y: f.y, width: f.width - 64, height: f.height), align: .leading, rtl: rtl, font: font)
            let on = page.interactivePop
            let track = Rect(x: rtl ? f.x : f.maxX - 52, y: f.y + (f.height - 30) / 2, width: 52, height: 30)
            roundedRect(cr, track, radius: 15)
            setColor(cr, on ? Theme.accent : Theme.fill)
            cairo_fill(cr)
            let knobX = on != rtl ? track.maxX - 15 : track.x + 15
            cairo_arc(cr, knobX, track.y + 15, 12, 0, 2 * Double.pi)
            setColor(cr, Theme.background)
            cairo_fill(cr)
        case .slider(let initial):
            let value = current ?? initial
            let y = f.y + f.height / 2
            let r = PageElement.sliderKnobRadius
            let track = Rect(x: f.x + r, y: y - 2, width: max(0, f.width - 2 * r), height: 4)
            roundedRect(cr, track, radius: 2)
            setColor(cr, Theme.fill)
            cairo_fill(cr)
            // The value grows from the leading end.
            let filled = track.width * value
            roundedRect(cr, Rect(x: rtl ? track.maxX - filled : track.x, y: track.y, width: filled, height: 4), radius: 2)
            setColor(cr, Theme.accent)
            cairo_fill(cr)
            cairo_arc(cr, rtl ? track.maxX - filled : track.x + filled, y, r, 0, 2 * Double.pi)
            setColor(cr, Theme.background)
            cairo_fill_preserve(cr)
            setColor(cr, Theme.separator)
            cairo_set_line_width(cr, 1)
            cairo_stroke(cr)
        case .image(let src):
            drawImage(src, in: f, cr: cr)
        case .carousel(let items):
            let index = min(max(Int(current ?? 0), 0), max(items.count - 1, 0))
            if index < items.count {
                // Dragged: the current image follows the finger with its neighbour beside it.
                let offset = min(max(dragOffset ?? 0, -f.width), f.width)
                cairo_save(cr)
                roundedRect(cr, f, radius: Theme.cornerRadius)
                cairo_clip(cr)
                drawImage(items[index], in: f.offsetBy(dx: offset, dy: 0), cr: cr)
                // The next item lies on the trailing side: the right, or the left in right to left.
                let neighbour = (offset < 0) != rtl ? index + 1 : index - 1
                if offset != 0, items.indices.contains(neighbour) {
                    drawImage(items[neighbour], in: f.offsetBy(dx: offset < 0 ? offset + f.width : offset - f.width, dy: 0), cr: cr)
                }
                cairo_restore(cr)
                // Page dots: the current item solid.
                let dotY = f.maxY - 14, spacing = 14.0
                let firstX = f.x + f.width / 2 - spacing * Double(items.count - 1) / 2
                for dot in 0..<items.count {
                    let slot = rtl ? items.count - 1 - dot : dot
                    cairo_arc(cr, firstX + spacing * Double(slot), dotY, 4, 0, 2 * Double.pi)
                    cairo_set_source_rgba(cr, 1, 1, 1, dot == index ? 0.95 : 0.5)
                    cairo_fill(cr)
                }
            } else {
                roundedRect(cr, f, radius: Theme.cornerRadius)
                setColor(cr, Theme.fill)
                cairo_fill(cr)
            }
        case .gestureStatus:
            roundedRect(cr, f, radius: Theme.cornerRadius)
            setColor(cr, Theme.fill)
            cairo_fill(cr)
            let half = Rect(x: f.x + 14, y: f.y, width: f.width - 28, height: f.height / 2)
            text(cr, "Back swipe", size: 13, bold: true, color: Theme.secondaryText, box: half.offsetBy(dx: 0, dy: 4),
                 align: .leading, rtl: rtl, font: font)
            text(cr, readout?.text ?? "idle", size: Theme.titleSize, bold: false, color: Theme.text,
                 box: half.offsetBy(dx: 0, dy: f.height / 2 - 10), align: .leading, rtl: rtl, font: font)
            // A progress bar along the bottom.
            let progress = readout?.progress ?? 0
            let bar = Rect(x: f.x + 14, y: f.maxY - 12, width: f.width - 28, height: 4)
            roundedRect(cr, bar, radius: 2)
            setColor(cr, Theme.separator)
            cairo_fill(cr)
            if progress > 0 {
                let filled = bar.width * progress
                roundedRect(cr, Rect(x: rtl ? bar.maxX - filled : bar.x, y: bar.y, width: filled, height: bar.height), radius: 2)
                setColor(cr, Theme.accent)
                cairo_fill(cr)
            }
        }
    }

    private func drawImage(_ src: String, in f: Rect, cr: OpaquePointer) {
        let path = images.path(of: src)
        guard let image = try? ImageSurface(png: path), image.width > 0, image.height > 0 else { return }
        cairo_save(cr)
        roundedRect(cr, f, radius: Theme.cornerRadius)
        cairo_clip(cr)
        cairo_translate(cr, f.x, f.y)
        cairo_scale(cr, f.width / Double(image.width), f.height / Double(image.height))
        cairo_set_source_surface(cr, image.surface, 0, 0)
        // Edge pixels repeat outward, so a scaled image does not fade to transparent at its border.
        cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD)
        cairo_paint(cr)
        cairo_restore(cr)
    }

    private enum Alignment { case leading, center, trailing }

    /// One line of text, vertically centred in `box`, ellipsized to its width. Leading and
    /// trailing are the left and right in `ltr`, the right and left in `rtl`.
    private func text(_ cr: OpaquePointer, _ string: String, size: Double, bold: Bool, color: Theme.Color,
                      box: Rect, align: Alignment, rtl: Bool = false, font: TextFont) {
        let layout = FontLibrary.layout(cr, text: string, sizePixels: size, bold: bold, wrapWidth: nil, rightToLeft: rtl, font: font)
        defer { swipeback_g_object_unref(UnsafeMutableRawPointer(layout)) }
        pango_layout_set_width(layout, Int32(max(0, box.width) * Double(swipeback_pango_scale())))
        pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
        let leading = rtl ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT, trailing = rtl ? PANGO_ALIGN_LEFT : PANGO_ALIGN_RIGHT
        pango_layout_set_alignment(layout, align == .center ? PANGO_ALIGN_CENTER : align == .leading ? leading : trailing)
        let (_, h) = FontLibrary.pixelSize(layout)
        setColor(cr, color)
        cairo_move_to(cr, box.x, (box.y + (box.height - h) / 2).rounded())
        pango_cairo_show_layout(cr, layout)
    }

    private func roundedRect(_ cr: OpaquePointer, _ f: Rect, radius: Double) {
        let r = min(radius, f.width / 2, f.height / 2)
        cairo_new_sub_path(cr)
        cairo_arc(cr, f.maxX - r, f.y + r, r, -Double.pi / 2, 0)
        cairo_arc(cr, f.maxX - r, f.maxY - r, r, 0, Double.pi / 2)
        cairo_arc(cr, f.x + r, f.maxY - r, r, Double.pi / 2, Double.pi)
        cairo_arc(cr, f.x + r, f.y + r, r, Double.pi, 3 * Double.pi / 2)
        cairo_close_path(cr)
    }

    private func setColor(_ cr: OpaquePointer, _ c: Theme.Color) {
        cairo_set_source_rgb(cr, c.r, c.g, c.b)
    }
}

/// A page's own drawing: the cairo context (`cairo_t *`) and the page's width and height in px.
public typealias PageContentDrawing = (OpaquePointer, Double, Double) -> Void
