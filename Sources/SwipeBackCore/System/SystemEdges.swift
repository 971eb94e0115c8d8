// SPDX-License-Identifier: Apache-2.0
/// One monitor as the system swipe sees it: its place on the screen and its physical size.
public struct ScreenArea: Equatable, Sendable {
    /// Its left and top on the screen, px.
    public var x: Double, y: Double
    /// Its size, px (more than 0).
    public var width: Double, height: Double
    /// Its physical size in mm as RandR reports it; 0 when unknown (then 96 dpi is assumed).
    public var widthMillimetres: Double, heightMillimetres: Double

    /// Creates an area from RandR's numbers.
    public init(x: Double, y: Double, width: Double, height: Double, widthMillimetres: Double = 0, heightMillimetres: Double = 0) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.widthMillimetres = widthMillimetres
        self.heightMillimetres = heightMillimetres
    }

    /// px per mm across the monitor: from RandR's physical width, or 96 dpi (3.78 px/mm) when the
    /// size is unknown or implausible (under 1 or over 40 px/mm, as some EDIDs report).
    public var pixelsPerMillimetre: Double {
        let density = widthMillimetres > 0 ? width / widthMillimetres : 0
        return (1...40).contains(density) ? density : 96 / 25.4
    }

    /// Whether `point` (screen px) lies on this monitor.
    public func contains(_ point: Point) -> Bool {
        point.x >= x && point.x < x + width && point.y >= y && point.y < y + height
    }
}

/// The screen edge a system swipe starts from.
public enum SystemEdge: String, Sendable, CaseIterable {
    /// The monitor's left edge: the finger moves right.
    case left
    /// The monitor's right edge: the finger moves left.
    case right

    /// The sign of inward motion along x: +1 from the left edge, -1 from the right.
    public var inward: Double { self == .left ? 1 : -1 }
}

/// Where a system swipe may start: the outer left and right edges of the screen's monitors.
public enum SystemEdges {
    /// The least width of the edge strip in px, however small the monitor's mm: 16 px, two thirds of
    /// the 24 px strip measured to bound a reject's cost (project notes, system-gesture.md).
    public static let minimumStripPixels = 16.0

    /// The strip's width on `area`, px: `millimetres` across, at least `minimumStripPixels`.
    public static func stripPixels(millimetres: Double, on area: ScreenArea) -> Double {
        max(millimetres * area.pixelsPerMillimetre, minimumStripPixels)
    }

    /// The edge strip `point` lies in, and its monitor.
    ///
    /// An edge counts only where it is the screen's outer edge: where another monitor continues
    /// the screen past it at the point's height, a finger crossing between monitors is no swipe.
    ///
    /// - Parameters:
    ///   - point: the touch-down point, screen px.
    ///   - areas: the monitors (RandR 1.5); empty counts as one monitor of `screen`.
    ///   - screen: the whole screen, used when `areas` is empty.
    ///   - stripMillimetres: `systemEdgeWidth`, mm.
    /// - Returns: nil when the point is in no outer strip.
    public static func edge(at point: Point, areas: [ScreenArea], screen: ScreenArea,
                            stripMillimetres: Double) -> (edge: SystemEdge, area: ScreenArea)? {
        let monitors = areas.isEmpty ? [screen] : areas
        guard let area = monitors.first(where: { $0.contains(point) }) else { return nil }
        let strip = stripPixels(millimetres: stripMillimetres, on: area)
        func continued(atX x: Double) -> Bool {
            monitors.contains { other in other != area && other.contains(Point(x: x, y: point.y)) }
        }
        if point.x < area.x + strip, !continued(atX: area.x - 1) { return (.left, area) }
        if point.x >= area.x + area.width - strip, !continued(atX: area.x + area.width) { return (.right, area) }
        return nil
    }
}
