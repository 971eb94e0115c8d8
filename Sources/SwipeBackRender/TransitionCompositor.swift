import CCairo
import SwipeBackCore

/// Draws a window frame from the app model: each stack's pages from their snapshots, placed by
/// the transition state. The cost per frame is two snapshot copies per moving stack, whatever the
/// stack's depth.
public final class TransitionCompositor {
    /// The snapshots.
    public let snapshots: SnapshotCache

    /// Creates a compositor over a snapshot cache.
    public init(snapshots: SnapshotCache) {
        self.snapshots = snapshots
    }

    /// Creates a compositor with the shipped fonts and a painter for images under `imageDirectory`.
    ///
    /// - Throws: `RenderError` when the fonts cannot be loaded.
    public convenience init(measurer: TextMeasurer, imageDirectory: String) {
        self.init(snapshots: SnapshotCache(painter: PagePainter(measurer: measurer, imageDirectory: imageDirectory)))
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
        if direction == .leftToRight {
            return Placement(upperX: travel, lowerX: -lag, lowerVisibleStart: 0, lowerVisibleEnd: travel)
        } else {
            return Placement(upperX: -travel, lowerX: lag, lowerVisibleStart: width - travel, lowerVisibleEnd: width)
        }
    }

    /// What a frame's pixels depend on; equal signatures draw equal frames.
    public struct FrameSignature: Equatable {
        struct StackState: Equatable {
            var frame: Rect
            var visible: [Int]
            var progress: Double?
            var direction: LayoutDirection
        }
        var stacks: [StackState]
        var revisions: [String: Int]
        var width: Int
        var height: Int
    }

    private var lastSignature: FrameSignature?

    /// The signature of the frame `model` would draw into a `width` x `height` px target.
    public static func signature(of model: AppModel, width: Int, height: Int) -> FrameSignature {
        FrameSignature(stacks: model.stacks.map { stack in
            let visible = stack.transition.map { [$0.upper.serial, $0.lower.serial] } ?? [stack.top.serial]
            return .init(frame: stack.frame, visible: visible + stack.pages.map(\.serial),
                         progress: stack.transition?.progress, direction: stack.transition?.direction ?? model.direction)
        }, revisions: model.pageRevisions, width: width, height: height)
    }

    /// Whether the frame for `model` differs from the last one composed into a target of this size.
    public func needsRedraw(_ model: AppModel, width: Int, height: Int) -> Bool {
        Self.signature(of: model, width: width, height: height) != lastSignature
    }

    /// Composes the frame for `model` into `target` (the window's back buffer).
    ///
    /// - Throws: `RenderError` when a snapshot cannot be drawn.
    public func compose(_ model: AppModel, into target: ImageSurface) throws {
        var inView = Set<Int>()
        let configuration = model.configuration
        try target.draw { cr in
            cairo_set_source_rgb(cr, 0, 0, 0)
            cairo_paint(cr)
            for stack in model.stacks {
                let x = Int(stack.frame.x.rounded()), y = Int(stack.frame.y.rounded())
                let w = max(1, Int(stack.frame.width.rounded())), h = max(1, Int(stack.frame.height.rounded()))
                cairo_save(cr)
                cairo_rectangle(cr, Double(x), Double(y), Double(w), Double(h))
                cairo_clip(cr)
                cairo_translate(cr, Double(x), Double(y))
                let upper = stack.transition?.upper ?? stack.top
                let upperSurface = try snapshot(upper, in: stack, model: model, width: w, height: h)
                inView.insert(upper.serial)
                if let transition = stack.transition {
                    let direction = transition.direction
                    let place = Self.placement(progress: transition.progress, width: w,
                                               parallax: configuration.parallax, direction: direction)
                    let lowerSurface = try snapshot(transition.lower, in: stack, model: model, width: w, height: h)
                    inView.insert(transition.lower.serial)
                    let visible = Double(place.lowerVisibleEnd - place.lowerVisibleStart)
                    if visible > 0 {
                        cairo_save(cr)
                        cairo_rectangle(cr, Double(place.lowerVisibleStart), 0, visible, Double(h))
                        cairo_clip(cr)
                        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
                        cairo_set_source_surface(cr, lowerSurface.surface, Double(place.lowerX), 0)
                        cairo_paint(cr)
                        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
                        let fade = 1 - transition.progress
                        cairo_set_source_rgba(cr, 0, 0, 0, configuration.dimAlpha * fade)
                        cairo_paint(cr)
                        drawShadow(cr, edge: direction == .leftToRight ? place.lowerVisibleEnd : place.lowerVisibleStart,
                                   direction: direction, width: configuration.shadowWidth, alpha: Theme.shadowAlpha * fade)
                        cairo_restore(cr)
                    }
                    cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
                    cairo_set_source_surface(cr, upperSurface.surface, Double(place.upperX), 0)
                    cairo_rectangle(cr, Double(place.upperX), 0, Double(w), Double(h))
                    cairo_fill(cr)
                } else {
                    cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
                    cairo_set_source_surface(cr, upperSurface.surface, 0, 0)
                    cairo_paint(cr)
                }
                cairo_restore(cr)
            }
        }
        snapshots.retainOnly(inView.union(model.stacks.flatMap { $0.pages.suffix(2).map(\.serial) }))
        lastSignature = Self.signature(of: model, width: target.width, height: target.height)
    }

    /// A shadow on the page beneath, darkest at the moving page's leading edge.
    private func drawShadow(_ cr: OpaquePointer, edge: Int, direction: LayoutDirection, width: Double, alpha: Double) {
        guard width > 0, alpha > 0 else { return }
        let e = Double(edge)
        let outer = direction == .leftToRight ? e - width : e + width
        let gradient = cairo_pattern_create_linear(outer, 0, e, 0)!
        defer { cairo_pattern_destroy(gradient) }
        cairo_pattern_add_color_stop_rgba(gradient, 0, 0, 0, 0, 0)
        cairo_pattern_add_color_stop_rgba(gradient, 1, 0, 0, 0, alpha)
        cairo_set_source(cr, gradient)
        cairo_rectangle(cr, min(outer, e), 0, width, 1e6)
        cairo_fill(cr)
    }

    private func snapshot(_ instance: PageInstance, in stack: NavigationStack, model: AppModel,
                          width: Int, height: Int) throws -> ImageSurface {
        let page = model.page(instance)
        return try snapshots.snapshot(of: instance, page: page, width: width, height: height,
                                      direction: stack.transition?.direction ?? model.direction,
                                      backTitle: backTitle(for: instance, in: stack, model: model),
                                      revision: model.pageRevisions[instance.pageID] ?? 0,
                                      controlValues: model.controlValues[instance.pageID] ?? [:])
    }

    /// The title the system back button of `instance` shows: the page below it, or nil at the root.
    private func backTitle(for instance: PageInstance, in stack: NavigationStack, model: AppModel) -> String? {
        guard model.page(instance).backButton == .system else { return nil }
        if let index = stack.pages.firstIndex(of: instance) {
            return index > 0 ? model.page(stack.pages[index - 1]).title : nil
        }
        // Being pushed: it will sit on the current top.
        return model.page(stack.top).title
    }
}
