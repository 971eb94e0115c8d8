// SPDX-License-Identifier: Apache-2.0
/// One pointer sequence from down to up, as every arena member sees it.
public final class ArenaSequence {
    /// The pointer id (touch id, mouse id, or the touchpad's virtual pointer).
    public let id: Int
    /// The kind of device.
    public let device: PointerDevice
    /// Where it went down, window px.
    public let downPoint: Point
    /// Where it is now (the down point until it moves), window px.
    public internal(set) var position: Point
    /// Whether it has moved since the down.
    public internal(set) var hasMoved = false
    /// The index of the stack it went down on, or nil when it went down on none.
    public internal(set) var stackIndex: Int?
    /// The stack's top page at the down: a swipe may only pop that page.
    public internal(set) var pageAtDown: PageInstance?
    /// The velocity samples of its down and moves.
    public internal(set) var tracker = VelocityTracker()
    /// A run of a touchpad driven as a virtual pointer: never taps, controls or scrolls content.
    public let isTouchpad: Bool
    /// Ignored for its whole life: it went down while another sequence owned the swipe, or on a
    /// busy stack; no member takes part in it.
    public internal(set) var isIgnored = false
    /// The element of the top page under the down (document elements, by index), or nil.
    public internal(set) var elementAtDown: Int?
    /// The layout direction at the down.
    public internal(set) var directionAtDown: LayoutDirection = .leftToRight
    /// The down stopped content coasting under it (a touch on coasting content is not a tap, as in UIKit).
    public internal(set) var stoppedCoasting = false
    /// Whether any member took part in it at its down.
    public internal(set) var claimedAtDown = false
    /// The members still in it, in registration order.
    public internal(set) var members: [GestureArenaMember] = []

    init(id: Int, device: PointerDevice, downPoint: Point, isTouchpad: Bool) {
        self.id = id
        self.device = device
        self.downPoint = downPoint
        self.position = downPoint
        self.isTouchpad = isTouchpad
    }

    /// The displacement from the down point in px: x to the right, y down.
    public var translation: Point { Point(x: position.x - downPoint.x, y: position.y - downPoint.y) }

    /// Whether `member` is still in the sequence.
    public func contains(_ member: GestureArenaMember) -> Bool { members.contains { $0 === member } }
}
