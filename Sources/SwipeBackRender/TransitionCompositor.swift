// SPDX-License-Identifier: Apache-2.0
import CCairo
import SwipeBackCore

/// Draws a window frame from a `Scene` (the frame value the model produces; the compositor never
/// sees the model): each stack's pages from their snapshots, placed by the transition state. The cost per frame is two snapshot copies per moving stack, whatever the
/// stack's depth.
public final class TransitionCompositor {
    /// The snapshots.
    public let snapshots: SnapshotCache
    /// The own drawing of a page instance written in Swift, or nil for a document page. Such a
    /// page is drawn again when its revision changes (`Scene.Page.revision`).
    public var customContent: ((PageInstance) -> PageContentDrawing?)?

    /// The brightness per column of the page beneath (`beneathFactors`), kept from frame to frame:
    /// it grows when a wider span needs it and is never allocated per frame otherwise.
    private var factors: UnsafeMutableBufferPointer<UInt32> = .init(start: nil, count: 0)
    /// Each stack's rectangle in the target, px, refilled every frame.
    private var rects: [PixelBlit.Span] = []
    /// The serials of the pages drawn or kept this frame, refilled every frame.
    private var keep = Set<Int>()

    /// Creates a compositor over a snapshot cache.
    public init(snapshots: SnapshotCache) {
        self.snapshots = snapshots
    }

    deinit { factors.deallocate() }

    /// `factors` with room for `count` columns, grown when it has fewer.
    private func factorBuffer(count: Int) -> UnsafeMutableBufferPointer<UInt32> {
        if factors.count < count {
            factors.deallocate()
            factors = .allocate(capacity: count)
        }
        return UnsafeMutableBufferPointer(rebasing: factors[0..<count])
    }

    /// Creates a compositor whose painter measures with `measurer` (which has loaded the shipped
    /// fonts) and finds images where it does (`TextMeasurer.images`).
    ///
    /// - Parameter measurer: the measurer the app model lays out with.
    public convenience init(measurer: TextMeasurer) {
        self.init(snapshots: SnapshotCache(painter: PagePainter(measurer: measurer, images: measurer.images, fontFamily: measurer.fontFamily)))
    }

    /// Where the two pages of a stack sit, in px relative to the stack's left edge.
    public struct Placement: Equatable, Sendable {
        /// Left edge of the moving (upper) page: progress times width, snapped to whole px.
        public var upperX: Int
        /// Left edge of the page beneath, in parallax.
        public var lowerX: Int
        /// The visible part of the page beneath: from `lowerVisibleStart` to `lowerVisibleEnd` (px).
        public var lowerVisibleStart: Int
        /// End of the visible part of the page beneath (px).
        public var lowerVisibleEnd: Int
    }

    /// The placement of a transition at `progress` in a stack `width` px wide.
    ///
    /// - Parameters:
    ///   - progress: 0...1, the pop's progress.
    ///   - width: the stack's width in px.
    ///   - parallax: the page beneath's lag as a fraction of the width, 0...1.
    ///   - direction: ltr moves the page right, rtl left.
    public static func placement(progress: Double, width: Int, parallax: Double, direction: LayoutDirection) -> Placement {
        let w = Double(width)
        let travel = Int((progress * w).rounded())
        let lag = Int((parallax * w * (1 - progress)).rounded())
        if travel < 0 {
            // Rubber-banding past the start (`overshoot`): the page beneath shows, still, in the
            // strip the moving page uncovers at the trailing side.
            return direction == .leftToRight
                ? Placement(upperX: travel, lowerX: 0, lowerVisibleStart: width + travel, lowerVisibleEnd: width)
                : Placement(upperX: -travel, lowerX: 0, lowerVisibleStart: 0, lowerVisibleEnd: -travel)
        }
        if direction == .leftToRight {
            return Placement(upperX: travel, lowerX: -lag, lowerVisibleStart: 0, lowerVisibleEnd: travel)
        } else {
            return Placement(upperX: -travel, lowerX: lag, lowerVisibleStart: width - travel, lowerVisibleEnd: width)
        }
    }

    /// What a frame's pixels depend on; equal signatures draw equal frames.
    public struct FrameSignature: Equatable {
        struct PageState: Equatable {
            var serial: Int
            var revision: Int
            var scrollOffset: Double
            var pressed: Int?
            var carouselOffset: Double?
        }
        struct StackState: Equatable {
            var frame: Rect
            var pages: [PageState]
            var topSerials: [Int]
            var depth: Int
            var progress: Double?
            var direction: LayoutDirection
            var verticalTravel: Double
            var style: TransitionStyle?
        }
        var stacks: [StackState]
        var width: Int
        var height: Int
        var menu: Scene.Menu?
        var style: TransitionStyle
    }

    private var lastSignature: FrameSignature?
    /// Whether the frame composed last moved a page against the one before: a stack's progress,
    /// frame, vertical travel or top page changed, or a page in view scrolled (see `FrameRendering`).
    public private(set) var lastFrameMovedPages = true

    /// Whether two frames place the same pages at the same spots (only their content may differ).
    static func samePlaces(_ a: FrameSignature, _ b: FrameSignature) -> Bool {
        guard a.width == b.width, a.height == b.height, a.style == b.style, a.stacks.count == b.stacks.count else { return false }
        return zip(a.stacks, b.stacks).allSatisfy { x, y in
            x.frame == y.frame && x.progress == y.progress && x.verticalTravel == y.verticalTravel && x.topSerials == y.topSerials
                && x.pages.map(\.serial) == y.pages.map(\.serial) && x.pages.map(\.scrollOffset) == y.pages.map(\.scrollOffset)
                && x.pages.map(\.carouselOffset) == y.pages.map(\.carouselOffset)
        }
    }

    /// The signature of the frame `scene` draws into a `width` x `height` px target.
    public static func signature(of scene: Scene, width: Int, height: Int) -> FrameSignature {
        FrameSignature(stacks: scene.stacks.map { stack in
            // What is on screen and what a push or pop would uncover; O(1) in the stack's depth.
            let pages = [stack.upper] + (stack.lower.map { [$0] } ?? [])
            return .init(frame: stack.frame,
                         pages: pages.map { .init(serial: $0.instance.serial, revision: $0.revision, scrollOffset: $0.scrollOffset,
                                                  pressed: $0.pressedElement, carouselOffset: $0.carouselDrag?.offsetPixels) },
                         topSerials: stack.topSerials, depth: stack.depth, progress: stack.progress, direction: stack.direction,
                         verticalTravel: stack.verticalTravel, style: stack.style)
        }, width: width, height: height, menu: scene.menu, style: scene.style)
    }

    /// Whether `scene` differs from the last one composed into a target of this size.
    public func needsRedraw(_ scene: Scene, width: Int, height: Int) -> Bool {
        Self.signature(of: scene, width: width, height: height) != lastSignature
    }

    /// Composes `scene` into `target` (the window's back buffer, RGB24).
    ///
    /// One pass over the window: each stack copies its moving page's snapshot, and the visible part
    /// of the page beneath with the dim and the edge shadow applied per column.
    ///
    /// - Throws: `RenderError` when a snapshot cannot be drawn.
    public func compose(_ scene: Scene, into target: ImageSurface) throws {
        keep.removeAll(keepingCapacity: true)
        rects.removeAll(keepingCapacity: true)
        for stack in scene.stacks {
            let pixels = stack.frame.pixelAligned
            rects.append(PixelBlit.Span(x0: pixels.x, x1: pixels.x + pixels.width, y0: pixels.y, y1: pixels.y + pixels.height))
        }
        // Stacks usually tile the window; clear it only when they leave some of it uncovered.
        let covered = rects.reduce(0) { $0 + ($1.x1 - $1.x0) * ($1.y1 - $1.y0) }
        if covered < target.width * target.height {
            PixelBlit.clear(target, span: PixelBlit.Span(x0: 0, x1: target.width, y0: 0, y1: target.height))
        }
        for (stack, rect) in zip(scene.stacks, rects) {
            let w = rect.x1 - rect.x0, h = rect.y1 - rect.y0
            let upper = stack.upper
            let upperSurface = try snapshot(upper, in: stack, scene: scene, width: w, height: h)
            upperSurface.flush()
            keep.insert(upper.instance.serial)
            guard let progress = stack.progress, let lower = stack.lower else {
                copyPage(upperSurface, page: upper, scene: scene, into: target, span: rect, originX: rect.x0, stackY: rect.y0)
                continue
            }
            let lowerSurface = try snapshot(lower, in: stack, scene: scene, width: w, height: h)
            lowerSurface.flush()
            keep.insert(lower.instance.serial)
            let style = stack.style ?? scene.style
            if style == .card {
                try drawCards(upperSurface, lowerSurface, stack: stack, scene: scene, progress: progress, into: target, rect: rect)
                continue
            }
            if style == .crossfade {
                // One pass: each pixel of the stack blended from the two snapshots where they stand.
                let upperRows = rows(of: upperSurface, page: upper, scene: scene, stackY: rect.y0)
                let lowerRows = rows(of: lowerSurface, page: lower, scene: scene, stackY: rect.y0)
                PixelBlit.blend(into: target, span: rect, upper: upperRows, lower: lowerRows,
                                upperWeight: UInt32(((1 - min(max(progress, 0), 1)) * 256).rounded()))
                continue
            }
            // Cover: the page beneath stays where it is.
            let place = Self.placement(progress: progress, width: w, parallax: style == .cover ? 0 : scene.parallax,
                                       direction: stack.direction)
            let lowerSpan = PixelBlit.Span(x0: rect.x0 + place.lowerVisibleStart, x1: rect.x0 + place.lowerVisibleEnd,
                                           y0: rect.y0, y1: rect.y1)
            if !lowerSpan.isEmpty {
                let edge = stack.direction == .leftToRight ? lowerSpan.x1 : lowerSpan.x0
                // Cover's shadow fades out over the last `shadowWidth` px of travel (libadwaita's).
                // Past the start (overshoot) the strip is the page beneath at its darkest, with no shadow.
                let shown = max(progress, 0)
                let shadowFade = style == .cover ? min(1, (1 - shown) * Double(w) / max(scene.shadowWidth, 1)) : 1 - shown
                let factors = factorBuffer(count: lowerSpan.x1 - lowerSpan.x0)
                Self.beneathFactors(span: lowerSpan, edge: edge, direction: stack.direction,
                                    progress: shown, dimAlpha: scene.dimAlpha,
                                    shadowWidth: progress < 0 ? 0 : scene.shadowWidth, shadowFade: shadowFade, into: factors)
                copyPage(lowerSurface, page: lower, scene: scene, into: target, span: lowerSpan,
                         originX: rect.x0 + place.lowerX, stackY: rect.y0, factors: UnsafePointer(factors.baseAddress))
            }
            let upperSpan = PixelBlit.Span(x0: max(rect.x0, rect.x0 + place.upperX), x1: min(rect.x1, rect.x0 + place.upperX + w),
                                           y0: rect.y0, y1: rect.y1)
            copyPage(upperSurface, page: upper, scene: scene, into: target, span: upperSpan,
                     originX: rect.x0 + place.upperX, stackY: rect.y0)
        }
        target.markDirty()
        // A hairline between side-by-side stacks (split view), at the trailing edge of each inner stack.
        if rects.contains(where: { $0.x1 < target.width }) {
            try target.draw { cr in
                cairo_set_source_rgb(cr, Theme.separator.r, Theme.separator.g, Theme.separator.b)
                for rect in rects where rect.x1 < target.width {
                    cairo_rectangle(cr, Double(rect.x1 - 1), Double(rect.y0), 1, Double(rect.y1 - rect.y0))
                }
                cairo_fill(cr)
            }
            target.flush()
        }
        if let menu = scene.menu {
            try target.draw { cr in HistoryMenuPainter.draw(menu, scale: scene.layoutScale, fontFamily: snapshots.painter.fontFamily, in: cr) }
            target.flush()
        }
        for stack in scene.stacks { keep.formUnion(stack.topSerials) }
        snapshots.retainOnly(keep)
        let signature = Self.signature(of: scene, width: target.width, height: target.height)
        lastFrameMovedPages = lastSignature.map { !Self.samePlaces(signature, $0) } ?? true
        lastSignature = signature
    }

    /// Draws the snapshot of one page a pop would uncover (`Scene.Stack.beneath`) that is not
    /// drawn yet, as `compose` will want it; returns whether it drew one. The snapshots of a
    /// stack's two top pages are kept between frames, so a swipe's first frame is then a copy.
    ///
    /// - Parameter scene: the frame value now (`AppModel.scene()`); stacks in a transition are skipped.
    /// - Throws: `RenderError` when the snapshot cannot be drawn.
    public func drawAhead(_ scene: Scene) throws -> Bool {
        let drawn = snapshots.drawCount
        for stack in scene.stacks {
            guard stack.progress == nil, let beneath = stack.beneath else { continue }
            // The size `compose` gives the stack.
            let pixels = stack.frame.pixelAligned
            _ = try snapshot(beneath, in: stack, scene: scene, width: pixels.width, height: pixels.height)
            if snapshots.drawCount != drawn { return true }
        }
        return false
    }

    /// Draws a `card` transition with cairo (the cards are scaled, so this style is not a copy):
    /// the backdrop, the page beneath as a card, the scrim, then the top page as a card
    /// (`CardGeometry`), bilinear-filtered.
    private func drawCards(_ upperSurface: ImageSurface, _ lowerSurface: ImageSurface, stack: Scene.Stack, scene: Scene,
                           progress: Double, into target: ImageSurface, rect: PixelBlit.Span) throws {
        let w = Double(rect.x1 - rect.x0), h = Double(rect.y1 - rect.y0)
        let cards = CardGeometry.at(progress: progress, width: w, height: h, scale: scene.layoutScale,
                                    verticalTravel: stack.verticalTravel, direction: stack.direction, scrimAlpha: scene.dimAlpha)
        target.markDirty()
        try target.draw { cr in
            cairo_rectangle(cr, Double(rect.x0), Double(rect.y0), w, h)
            cairo_clip(cr)
            cairo_translate(cr, Double(rect.x0), Double(rect.y0))
            cairo_set_source_rgb(cr, Theme.cardBackdrop.r, Theme.cardBackdrop.g, Theme.cardBackdrop.b)
            cairo_paint(cr)
            drawCard(lowerSurface, page: stack.lower!, in: cards.lower, radius: cards.cornerRadius, stackSize: (w, h), scene: scene, cr: cr)
            cairo_set_source_rgba(cr, 0, 0, 0, cards.scrim)
            cairo_paint(cr)
            drawCard(upperSurface, page: stack.upper, in: cards.upper, radius: cards.cornerRadius, stackSize: (w, h), scene: scene, cr: cr)
        }
        target.flush()
    }

    /// One page as a card: its snapshot scaled into `frame` (px, relative to the stack), the header
    /// band fixed and the content scrolled as `copyPage` places them, clipped to rounded corners.
    private func drawCard(_ surface: ImageSurface, page: Scene.Page, in frame: Rect, radius: Double,
                          stackSize: (width: Double, height: Double), scene: Scene, cr: OpaquePointer) {
        guard frame.width > 0, frame.height > 0, frame.x < stackSize.width, frame.maxX > 0 else { return }
        cairo_save(cr)
        cairo_translate(cr, frame.x, frame.y)
        cairo_scale(cr, frame.width / stackSize.width, frame.height / stackSize.height)
        let r = radius * stackSize.width / frame.width
        let (cw, ch) = stackSize
        cairo_new_sub_path(cr)
        cairo_arc(cr, cw - r, r, r, -Double.pi / 2, 0)
        cairo_arc(cr, cw - r, ch - r, r, 0, Double.pi / 2)
        cairo_arc(cr, r, ch - r, r, Double.pi / 2, Double.pi)
        cairo_arc(cr, r, r, r, Double.pi, 3 * Double.pi / 2)
        cairo_close_path(cr)
        cairo_clip(cr)
        let offset = min(page.scrollOffset.rounded(), max(0, Double(surface.height) - ch))
        let header = page.definition.header ? scene.headerHeight.rounded() : 0
        for (top, bottom, shift) in offset == 0 ? [(0.0, ch, 0.0)] : [(0, header, 0), (header, ch, -offset)] where bottom > top {
            cairo_save(cr)
            cairo_rectangle(cr, 0, top, cw, bottom - top)
            cairo_clip(cr)
            cairo_set_source_surface(cr, surface.surface, 0, shift)
            cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_BILINEAR)
            cairo_paint(cr)
            cairo_restore(cr)
        }
        cairo_restore(cr)
    }

    /// Brightness per column of the page beneath, 0...256: the dim (`dimAlpha`, fading out as the
    /// pop progresses) and the shadow, darkest at the moving page's edge and gone `shadowWidth` px away.
    ///
    /// - Parameters:
    ///   - shadowFade: how strong the shadow is, 0...1 (1 − progress by default).
    ///   - factors: where the brightness of each column of `span` goes, from `span.x0`, k × 0x00010001
    ///     for a brightness k in 0...256; at least `span.x1 - span.x0` of them.
    static func beneathFactors(span: PixelBlit.Span, edge: Int, direction: LayoutDirection, progress: Double,
                               dimAlpha: Double, shadowWidth: Double, shadowFade: Double? = nil,
                               into factors: UnsafeMutableBufferPointer<UInt32>) {
        let fade = 1 - progress
        let shade = shadowFade ?? fade
        let dimmed = 1 - dimAlpha * fade
        for (i, x) in (span.x0..<span.x1).enumerated() {
            // Distance in px from the edge to this column's centre.
            let distance = direction == .leftToRight ? Double(edge - x) - 0.5 : Double(x - edge) + 0.5
            var brightness = dimmed
            if shadowWidth > 0, distance < shadowWidth {
                brightness *= 1 - Theme.shadowAlpha * shade * (1 - distance / shadowWidth)
            }
            // In both 16-bit halves, the lanes `pixel_kernel_scale_row` multiplies.
            factors[i] = min(UInt32((brightness * 256).rounded()), 256) &* 0x0001_0001
        }
    }

    /// Tallest snapshot drawn, in px: content beyond it is not shown.
    public static let maximumSnapshotHeight = 16384

    /// Copies a page snapshot scrolled by its offset: the header band stays put, the content below
    /// it moves up by the offset.
    private func copyPage(_ surface: ImageSurface, page: Scene.Page, scene: Scene, into target: ImageSurface,
                          span: PixelBlit.Span, originX: Int, stackY: Int, factors: UnsafePointer<UInt32>? = nil) {
        // Never past the snapshot's end, whatever the scene says.
        let offset = min(Int(page.scrollOffset.rounded()), max(0, surface.height - (span.y1 - stackY)))
        guard offset != 0 else {
            PixelBlit.copy(surface, into: target, span: span, originX: originX, originY: stackY, factors: factors)
            return
        }
        let header = page.definition.header ? Int(scene.headerHeight.rounded()) : 0
        var band = span
        band.y1 = min(span.y1, stackY + header)
        PixelBlit.copy(surface, into: target, span: band, originX: originX, originY: stackY, factors: factors)
        band.y0 = max(span.y0, stackY + header)
        band.y1 = span.y1
        PixelBlit.copy(surface, into: target, span: band, originX: originX, originY: stackY - offset, factors: factors)
    }

    /// The snapshot row shown at each target row of the stack, as `copyPage` places them (the
    /// header band fixed, the content scrolled): for the crossfade's blend.
    private func rows(of surface: ImageSurface, page: Scene.Page, scene: Scene, stackY: Int) -> PixelBlit.Rows {
        PixelBlit.Rows(base: UnsafeRawPointer(surface.data), stride: surface.stride, height: surface.height, stackY: stackY,
                       header: page.definition.header ? Int(scene.headerHeight.rounded()) : 0,
                       offset: max(0, Int(page.scrollOffset.rounded())))
    }

    private func snapshot(_ page: Scene.Page, in stack: Scene.Stack, scene: Scene,
                          width: Int, height stackHeight: Int) throws -> ImageSurface {
        // Pages taller than the stack are drawn whole, so scrolling only moves the copy.
        try snapshots.snapshot(of: page, width: width, height: stackHeight,
                               drawnHeight: min(Int(page.contentHeight.rounded(.up)), Self.maximumSnapshotHeight),
                               direction: stack.direction, content: customContent?(page.instance), scale: scene.layoutScale)
    }
}
