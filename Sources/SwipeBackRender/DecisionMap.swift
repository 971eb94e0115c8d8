// SPDX-License-Identifier: Apache-2.0
import CCairo
import SwipeBackCore

/// The decision map (`swipeback plot`): release progress across, release velocity up, the
/// configuration's commit and cancel regions shaded, and each recorded swipe a dot in the colour of
/// the decision it got.
public enum DecisionMap {
    /// One released swipe.
    public struct Point: Equatable, Sendable {
        /// Progress at release, 0...1.
        public var progress: Double
        /// Velocity at release along the pop direction, in stack widths per second (px/s divided by
        /// the stack's width; positive toward popping), so swipes on stacks of any width share one
        /// map; nil when the tracker had no estimate (the decision used 0, and so does the dot).
        public var velocity: Double?
        /// The decision the swipe got.
        public var decision: PopDecision
        /// With a compared configuration: the decision the same swipe got under it.
        public var comparedDecision: PopDecision?

        /// Creates a point.
        ///
        /// - Parameters:
        ///   - progress: 0...1.
        ///   - velocity: widths/s, or nil.
        ///   - decision: under the map's configuration.
        ///   - comparedDecision: under the compared configuration, or nil without one.
        public init(progress: Double, velocity: Double?, decision: PopDecision, comparedDecision: PopDecision? = nil) {
            self.progress = progress
            self.velocity = velocity
            self.decision = decision
            self.comparedDecision = comparedDecision
        }
    }

    static let commitFill: (Double, Double, Double) = (0.86, 0.95, 0.87)
    static let cancelFill: (Double, Double, Double) = (0.98, 0.89, 0.88)
    static let commitDot: (Double, Double, Double) = (0.13, 0.60, 0.25)
    static let cancelDot: (Double, Double, Double) = (0.83, 0.20, 0.18)
    /// With a compared configuration: where only the first commits, and where only the second does.
    static let onlyFirstFill: (Double, Double, Double) = (0.99, 0.93, 0.70)
    static let onlySecondFill: (Double, Double, Double) = (0.80, 0.88, 0.99)

    /// Draws the map.
    ///
    /// - Parameters:
    ///   - points: the swipes.
    ///   - configuration: whose rule shades the regions (`PopDecision.decide`; in widths/s the
    ///     fling threshold and the projection do not depend on the stack's width).
    ///   - compared: a second configuration (`plot --compare`): the regions show where both commit,
    ///     both cancel, and where only one of them commits; a swipe decided differently gets a
    ///     black ring. Nil for one configuration.
    ///   - width: image width in px, 400...4000.
    ///   - height: image height in px, 300...4000.
    /// - Returns: an opaque image.
    /// - Throws: `RenderError` when the surface cannot be made.
    public static func render(points: [Point], configuration: Configuration, compared: Configuration? = nil,
                              width: Int = 800, height: Int = 560) throws -> ImageSurface {
        try FontLibrary.loadDefault() // the shipped font, whatever ran before
        let surface = try ImageSurface(width: width, height: height, opaque: true)
        // Velocities in widths/s: the decision rule with a stack 1 "px" wide.
        let widthPixels = 1.0
        let fling = max(configuration.flingVelocity, compared?.flingVelocity ?? 0)
        let fastest = points.map { abs($0.velocity ?? 0) }.max() ?? 0
        // The velocity range: the fling threshold twice over, or the fastest swipe, on a grid of
        // 2 widths/s so the quarter ticks fall on halves.
        let limit = max(2, ((max(fling * 2, fastest * 1.1)) / 2).rounded(.up) * 2)
        let left = 86.0, right = Double(width) - 24, top = 48.0, bottom = Double(height) - 62
        func x(_ progress: Double) -> Double { left + (right - left) * progress }
        func y(_ velocity: Double) -> Double { bottom - (bottom - top) * (velocity + limit) / (2 * limit) }
        try surface.draw { cr in
            cairo_set_source_rgb(cr, 1, 1, 1)
            cairo_paint(cr)
            // The regions, cell by cell from the rule itself, so any policy draws right.
            let cell = 2.0
            var py = top
            while py < bottom {
                var px = left
                while px < right {
                    let progress = (px + cell / 2 - left) / (right - left)
                    let velocity = (bottom - (py + cell / 2)) / (bottom - top) * 2 * limit - limit
                    let decision = PopDecision.decide(progress: progress, velocityPixelsPerSecond: velocity,
                                                      widthPixels: widthPixels, configuration: configuration)
                    var c = decision == .commit ? commitFill : cancelFill
                    if let compared {
                        let other = PopDecision.decide(progress: progress, velocityPixelsPerSecond: velocity,
                                                       widthPixels: widthPixels, configuration: compared)
                        if other != decision { c = decision == .commit ? onlyFirstFill : onlySecondFill }
                    }
                    cairo_set_source_rgb(cr, c.0, c.1, c.2)
                    cairo_rectangle(cr, px, py, min(cell, right - px), min(cell, bottom - py))
                    cairo_fill(cr)
                    px += cell
                }
                py += cell
            }
            // Grid, axes and their labels.
            cairo_set_line_width(cr, 1)
            for step in 0...4 {
                let p = Double(step) / 4
                cairo_set_source_rgba(cr, 0, 0, 0, step == 0 ? 0.6 : 0.12)
                cairo_move_to(cr, x(p).rounded() + 0.5, top)
                cairo_line_to(cr, x(p).rounded() + 0.5, bottom)
                cairo_stroke(cr)
                label(cr, "\(step * 25) %", centreX: x(p), y: bottom + 8, size: 12)
            }
            let ticks = stride(from: -limit, through: limit, by: limit / 4)
            for v in ticks {
                cairo_set_source_rgba(cr, 0, 0, 0, v == 0 ? 0.6 : 0.12)
                cairo_move_to(cr, left, y(v).rounded() + 0.5)
                cairo_line_to(cr, right, y(v).rounded() + 0.5)
                cairo_stroke(cr)
                let tenths = Int((v * 10).rounded())
                let tick = tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths < 0 ? "-" : "")\(abs(tenths) / 10).\(abs(tenths) % 10)"
                label(cr, tick, rightX: left - 8, centreY: y(v), size: 12)
            }
            label(cr, "release progress (share of the stack's width)", centreX: (left + right) / 2, y: bottom + 30, size: 13)
            cairo_save(cr)
            cairo_translate(cr, 18, (top + bottom) / 2)
            cairo_rotate(cr, -Double.pi / 2)
            label(cr, "release velocity (stack widths/s, + toward popping)", centreX: 0, y: -8, size: 13)
            cairo_restore(cr)
            let rule = configuration.policy == .velocityOrDistance
                ? "velocityOrDistance: commit at \(Int((configuration.commitProgress * 100).rounded())) %, fling \(fling) widths/s"
                : "projection: commit when projected past \(Int((configuration.commitProgress * 100).rounded())) %"
            let differing = points.filter { point in point.comparedDecision.map { $0 != point.decision } ?? false }.count
            let title = compared == nil ? "Decision map · \(rule) · \(points.count) swipe\(points.count == 1 ? "" : "s")"
                : "Decision map · A against B · \(differing) of \(points.count) swipes decided differently (ringed)"
            label(cr, title, centreX: Double(width) / 2, y: 14, size: 14, bold: true)
            // The swipes.
            for point in points {
                let c = point.decision == .commit ? commitDot : cancelDot
                cairo_new_path(cr) // text leaves a current point; an arc would join it
                cairo_arc(cr, x(min(max(point.progress, 0), 1)), y(min(max(point.velocity ?? 0, -limit), limit)), 5.5, 0, 2 * Double.pi)
                cairo_set_source_rgb(cr, c.0, c.1, c.2)
                cairo_fill_preserve(cr)
                cairo_set_source_rgb(cr, 1, 1, 1)
                cairo_set_line_width(cr, 1.5)
                cairo_stroke(cr)
                if let other = point.comparedDecision, other != point.decision {
                    cairo_new_path(cr)
                    cairo_arc(cr, x(min(max(point.progress, 0), 1)), y(min(max(point.velocity ?? 0, -limit), limit)), 9, 0, 2 * Double.pi)
                    cairo_set_source_rgb(cr, 0, 0, 0)
                    cairo_set_line_width(cr, 2)
                    cairo_stroke(cr)
                }
            }
            // Legend.
            let legendY = top + 14
            let entries = compared == nil ? [("commit", commitFill, commitDot), ("cancel", cancelFill, cancelDot)]
                : [("both commit", commitFill, commitDot), ("both cancel", cancelFill, cancelDot),
                   ("only A commits", onlyFirstFill, commitDot), ("only B commits", onlySecondFill, cancelDot)]
            for (i, (name, fill, dot)) in entries.enumerated() {
                let lx = entries.count == 2 ? right - 190 + Double(i) * 95 : right - 500 + Double(i) * 124
                cairo_new_path(cr)
                cairo_rectangle(cr, lx, legendY - 8, 16, 16)
                cairo_set_source_rgb(cr, fill.0, fill.1, fill.2)
                cairo_fill_preserve(cr)
                cairo_set_source_rgb(cr, dot.0, dot.1, dot.2)
                cairo_stroke(cr)
                label(cr, name, leftX: lx + 22, centreY: legendY, size: 12)
            }
        }
        return surface
    }

    private static func layout(_ cr: OpaquePointer, _ text: String, size: Double, bold: Bool) -> (OpaquePointer, Double, Double) {
        let layout = FontLibrary.layout(cr, text: text, sizePixels: size, bold: bold, wrapWidth: nil)
        let (w, h) = FontLibrary.pixelSize(layout)
        return (layout, w, h)
    }

    private static func show(_ cr: OpaquePointer, _ layout: OpaquePointer, at x: Double, _ y: Double) {
        cairo_set_source_rgb(cr, 0.15, 0.15, 0.18)
        cairo_move_to(cr, x.rounded(), y.rounded())
        pango_cairo_show_layout(cr, layout)
        swipeback_g_object_unref(UnsafeMutableRawPointer(layout))
    }

    private static func label(_ cr: OpaquePointer, _ text: String, centreX: Double, y: Double, size: Double, bold: Bool = false) {
        let (l, w, _) = layout(cr, text, size: size, bold: bold)
        show(cr, l, at: centreX - w / 2, y)
    }

    private static func label(_ cr: OpaquePointer, _ text: String, rightX: Double, centreY: Double, size: Double) {
        let (l, w, h) = layout(cr, text, size: size, bold: false)
        show(cr, l, at: rightX - w, centreY - h / 2)
    }

    private static func label(_ cr: OpaquePointer, _ text: String, leftX: Double, centreY: Double, size: Double) {
        let (l, _, h) = layout(cr, text, size: size, bold: false)
        show(cr, l, at: leftX, centreY - h / 2)
    }
}
