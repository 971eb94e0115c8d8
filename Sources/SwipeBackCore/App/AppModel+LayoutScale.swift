// SPDX-License-Identifier: Apache-2.0
/// Metrics at the layout scale: what is in layout units (the configuration, page layouts) in px.
/// The lengths are `ArenaSettings`' (one place scales them), kept current as the scale changes.
extension AppModel {
    /// `edgeWidth` in px at `layoutScale`: the configuration holds it in layout units, as tuned.
    public var edgeWidthPixels: Double { arenaHost.settings.edgeWidthPixels }
    /// `touchSlop` in px at `layoutScale`.
    public var touchSlopPixels: Double { arenaHost.settings.touchSlopPixels }

    /// The frames of `page`'s elements in a stack `width` px wide, in px, at `layoutScale`.
    public func elementFrames(of page: PageDefinition, width: Double) -> [Rect] {
        let s = layoutScale
        let frames = PageLayout.frames(for: page, width: width / s, direction: direction, measurer: measurer)
        return s == 1 ? frames : frames.map { Rect(x: $0.x * s, y: $0.y * s, width: $0.width * s, height: $0.height * s) }
    }

    /// The header bar's height in px at `layoutScale`.
    public var headerHeight: Double { arenaHost.settings.headerHeight }
}
