// SPDX-License-Identifier: Apache-2.0
import SwipeBackCore

/// Page snapshots: each page instance drawn once into a surface, redrawn only when it changes.
///
/// A snapshot is keyed by what its pixels depend on (instance, size, direction, back title, the
/// page's revision and the layout scale), so a change of any of these draws it anew. Snapshots of pages no longer in
/// view are dropped by `retainOnly(_:)`.
public final class SnapshotCache {
    struct Key: Hashable {
        var serial: Int
        var width: Int
        var height: Int
        var direction: LayoutDirection
        var backTitle: String?
        var revision: Int
        var pressed: Int?
        var carouselElement: Int?
        var carouselOffset: Double?
        /// px per layout unit: a live `Xft.dpi` change draws every page again.
        var scale: Double
    }

    /// What draws the pages.
    public let painter: PagePainter
    private var surfaces: [Int: (key: Key, surface: ImageSurface)] = [:]
    /// How many snapshots were drawn since creation (for tests and the benchmark).
    public private(set) var drawCount = 0

    /// Creates a cache drawing with `painter`.
    public init(painter: PagePainter) {
        self.painter = painter
    }

    /// The snapshot of a page in view, drawn now if missing or out of date.
    ///
    /// - Parameters:
    ///   - page: the page as the scene has it (instance, definition, revision, per-instance state).
    ///   - width: the stack's width in px.
    ///   - height: the stack's height in px (part of the key).
    ///   - drawnHeight: the snapshot's height in px when the page is taller than the stack (the
    ///     whole page, up to `TransitionCompositor.maximumSnapshotHeight`); at least `height` is drawn.
    ///   - direction: the direction it is laid out in.
    ///   - content: a Swift page's own drawing, or nil.
    ///   - scale: px per layout unit.
    /// - Throws: `RenderError` when the surface cannot be created or drawing fails.
    public func snapshot(of page: Scene.Page, width: Int, height: Int, drawnHeight: Int = 0,
                         direction: LayoutDirection, content: PageContentDrawing? = nil, scale: Double = 1) throws -> ImageSurface {
        let serial = page.instance.serial
        let key = Key(serial: serial, width: width, height: height, direction: direction,
                      backTitle: page.backTitle, revision: page.revision, pressed: page.pressedElement,
                      carouselElement: page.carouselDrag?.element, carouselOffset: page.carouselDrag?.offsetPixels,
                      scale: scale)
        if let cached = surfaces[serial], cached.key == key { return cached.surface }
        let surfaceHeight = max(height, drawnHeight)
        let surface = try ImageSurface(width: width, height: surfaceHeight, opaque: true)
        try surface.draw { cr in
            painter.draw(page.definition, in: cr, width: Double(width), height: Double(surfaceHeight), direction: direction,
                         backTitle: page.backTitle, controlValues: page.controlValues, pressed: page.pressedElement,
                         readout: page.readout,
                         carouselDrag: page.carouselDrag.map { ($0.element, $0.offsetPixels) }, content: content, scale: scale)
        }
        surfaces[serial] = (key, surface)
        drawCount += 1
        return surface
    }

    /// Drops every snapshot whose instance is not in `serials`.
    public func retainOnly(_ serials: Set<Int>) {
        // Usually nothing goes: then no new dictionary is made (this runs every frame).
        guard surfaces.keys.contains(where: { !serials.contains($0) }) else { return }
        surfaces = surfaces.filter { serials.contains($0.key) }
    }

    /// Number of snapshots held.
    public var count: Int { surfaces.count }
}
