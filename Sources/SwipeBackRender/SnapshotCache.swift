import SwipeBackCore

/// Page snapshots: each page instance drawn once into a surface, redrawn only when it changes.
///
/// A snapshot is keyed by what its pixels depend on (instance, size, direction, back title and the
/// page's revision), so a change of any of these draws it anew. Snapshots of pages no longer in
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
    }

    private let painter: PagePainter
    private var surfaces: [Int: (key: Key, surface: ImageSurface)] = [:]
    /// How many snapshots were drawn since creation (for tests and the benchmark).
    public private(set) var drawCount = 0

    /// Creates a cache drawing with `painter`.
    public init(painter: PagePainter) {
        self.painter = painter
    }

    /// The snapshot of `instance`, drawn now if missing or out of date.
    ///
    /// - Parameters:
    ///   - width: the stack's width in px.
    ///   - height: the stack's height in px (part of the key).
    ///   - drawnHeight: the snapshot's height in px (the whole page when taller than the stack);
    ///     asked only when the page is drawn, since it needs a layout.
    /// - Throws: `RenderError` when the surface cannot be created or drawing fails.
    public func snapshot(of instance: PageInstance, page: PageDefinition, width: Int, height: Int,
                         drawnHeight: () -> Int = { 0 },
                         direction: LayoutDirection, backTitle: String?, revision: Int,
                         controlValues: [Int: Double] = [:], pressed: Int? = nil,
                         readout: GestureReadout? = nil,
                         carouselDrag: (element: Int, offset: Double)? = nil,
                         content: PageContentDrawing? = nil, scale: Double = 1) throws -> ImageSurface {
        let key = Key(serial: instance.serial, width: width, height: height, direction: direction,
                      backTitle: backTitle, revision: revision, pressed: pressed,
                      carouselElement: carouselDrag?.element, carouselOffset: carouselDrag?.offset)
        if let cached = surfaces[instance.serial], cached.key == key { return cached.surface }
        let surfaceHeight = max(height, drawnHeight())
        let surface = try ImageSurface(width: width, height: surfaceHeight, opaque: true)
        try surface.draw { cr in
            painter.draw(page, in: cr, width: Double(width), height: Double(surfaceHeight), direction: direction,
                         backTitle: backTitle, controlValues: controlValues, pressed: pressed, readout: readout,
                         carouselDrag: carouselDrag, content: content, scale: scale)
        }
        surfaces[instance.serial] = (key, surface)
        drawCount += 1
        return surface
    }

    /// Drops every snapshot whose instance is not in `serials`.
    public func retainOnly(_ serials: Set<Int>) {
        surfaces = surfaces.filter { serials.contains($0.key) }
    }

    /// Number of snapshots held.
    public var count: Int { surfaces.count }
}
