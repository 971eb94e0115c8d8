// SPDX-License-Identifier: Apache-2.0
/// The kind of device behind a pointer sequence.
public enum PointerDevice: String, Sendable, CaseIterable {
    /// A finger on a touchscreen (XI2 touch events).
    case touch
    /// A mouse dragging with button 1.
    case mouse
    /// A stylus.
    case pen
}

/// Where a pointer sequence is in its life.
public enum PointerPhase: String, Sendable {
    /// The finger touched, or button 1 went down.
    case down
    /// The pointer moved while down.
    case move
    /// The finger lifted, or button 1 was released.
    case up
    /// The system ended the sequence without a release (touch ownership lost, grab broken).
    case cancel
}

/// How a pointer event relates to the platform's pointer emulation of touches.
public enum PointerEmulation: String, Equatable, Sendable {
    /// Neither emulated nor emulating.
    case none
    /// A pointer event the server made from a touch (`XIPointerEmulated`); the touch itself also arrives.
    case emulated
    /// A touch the server also sends as pointer events (`XITouchEmulatingPointer`).
    case emulating
}

/// One event of a pointer sequence, in window coordinates.
public struct PointerInput: Equatable, Sendable {
    /// The sequence's phase.
    public var phase: PointerPhase
    /// The sequence's id: touch ids for touches, any stable number for a mouse.
    public var id: Int
    /// The mouse button of a `down` or `up`: 1 (the primary button, which drags and taps) or 3
    /// (a right-click: it opens the history menu on a system back button); 1 for other devices
    /// and phases.
    public var button: Int
    /// The device that produced it.
    public var device: PointerDevice
    /// Position in px, window coordinates (ignored for `cancel`).
    public var position: Point
    /// The physical device it came from (XI2's `sourceid`, the slave device), or nil when unknown
    /// (a scenario line, app code).
    public var sourceDevice: Int?
    /// How it relates to the platform's pointer emulation (XI2's `XIPointerEmulated` and
    /// `XITouchEmulatingPointer` flags).
    public var pointerEmulation: PointerEmulation

    /// Creates a pointer event.
    ///
    /// - Parameters:
    ///   - phase: down, move, up or cancel.
    ///   - id: the sequence id (touch id, or a fixed id for a mouse).
    ///   - device: touch, mouse or pen.
    ///   - position: the position in px, window coordinates.
    ///   - sourceDevice: the physical device's id, or nil.
    ///   - pointerEmulation: the platform's emulation flag; `.none` by default.
    ///   - button: a mouse down's or up's button, 1...255; 1 by default.
    public init(phase: PointerPhase, id: Int, device: PointerDevice, position: Point, sourceDevice: Int? = nil,
                pointerEmulation: PointerEmulation = .none, button: Int = 1) {
        self.phase = phase
        self.id = id
        self.button = button
        self.device = device
        self.position = position
        self.sourceDevice = sourceDevice
        self.pointerEmulation = pointerEmulation
    }

    /// Equal in what the engine acts on: phase, id, device, button and position. The source device and
    /// the emulation flag tell where an event came from, which a scenario line does not record,
    /// so a live event equals its recorded replay.
    public static func == (a: PointerInput, b: PointerInput) -> Bool {
        a.phase == b.phase && a.id == b.id && a.device == b.device && a.position == b.position && a.button == b.button
    }
}

/// A run-time change to a page's properties (a scenario's `set` line); nil leaves a property alone.
public struct PageChange: Equatable, Sendable {
    /// The new title.
    public var title: String?
    /// Show or hide the header bar.
    public var header: Bool?
    /// The new back button style.
    public var backButton: BackButtonStyle?
    /// Turn the back swipe on or off for this page only.
    public var interactivePop: Bool?
    /// The veto hook's new static answer.
    public var shouldBegin: Bool?

    /// Creates a change.
    public init(title: String? = nil, header: Bool? = nil, backButton: BackButtonStyle? = nil,
                interactivePop: Bool? = nil, shouldBegin: Bool? = nil) {
        self.title = title
        self.header = header
        self.backButton = backButton
        self.interactivePop = interactivePop
        self.shouldBegin = shouldBegin
    }

    /// The property names a `set` line may carry.
    public static let propertyNames = ["title", "header", "backButton", "interactivePop", "shouldBegin"]

    /// `page` with this change applied.
    public func applied(to page: PageDefinition) -> PageDefinition {
        var page = page
        if let title { page.title = title }
        if let header { page.header = header }
        if let backButton { page.backButton = backButton }
        if let interactivePop { page.interactivePop = interactivePop }
        if let shouldBegin { page.shouldBegin = shouldBegin }
        return page
    }
}

/// A touchpad swipe phase (XI 2.4 gesture swipe).
public enum SwipePhase: String, Sendable {
    /// The fingers started a swipe.
    case begin
    /// The fingers moved.
    case update
    /// The fingers lifted.
    case end
    /// The system cancelled the swipe.
    case cancel
}

/// Everything the app model takes as input: pointers, back commands and app commands.
///
/// Time is not part of an event: it is passed beside it, in ms on the app or scenario clock.
public enum InputEvent: Equatable, Sendable {
    /// A touch, mouse or pen event.
    case pointer(PointerInput)
    /// Smooth-scroll deltas in px (`dx` < 0 scrolls toward the left edge); both 0 means the fingers lifted.
    case scroll(dx: Double, dy: Double, touchpad: Bool, position: Point?)
    /// An XI 2.4 touchpad swipe gesture with 3 or more fingers; positive `dx` moves right, in px.
    case swipe(phase: SwipePhase, dx: Double, dy: Double, fingers: Int)
    /// A key press, named as X keysyms with modifiers (`Alt+Left`, `Escape`, `XF86Back`).
    case key(String)
    /// A mouse button press (8 = back, 9 = forward).
    case button(Int)
    /// App code pushes the page `page` onto stack `stack`.
    case push(stack: String, page: String, animated: Bool)
    /// App code pops the top page of `stack`.
    case pop(stack: String, animated: Bool)
    /// App code pops `stack` down to its root page.
    case popToRoot(stack: String, animated: Bool)
    /// App code pushes the first page of `stack`'s forward list again (`Navigator.goForward`);
    /// nothing when the list is empty.
    case goForward(stack: String, animated: Bool)
    /// App code changes properties of a page at run time; nil fields stay as they are.
    case setPage(page: String, change: PageChange)
    /// The layout direction changes; it applies to the next swipe.
    case direction(LayoutDirection)
    /// The window gains (`true`) or loses (`false`) focus; losing focus cancels a running swipe.
    case focus(Bool)
    /// The window is resized to `width` x `height` px; stack frames scale with it.
    case resize(width: Double, height: Double)
    /// The window manager asks the window to close.
    case close
    /// The X server's screen saver started (`true`: the screen is blank) or ended (`false`); with
    /// `kioskWakeGuard`, a down while it is on or that soon after it ended only wakes the screen.
    case screenSaver(active: Bool)
    /// The layout scale changes to this many px per layout unit (`LayoutScale.range`): the desktop's
    /// `Xft.dpi` changed while the window ran. Pages, the header, `edgeWidth` and `touchSlop` follow
    /// from the next hit test and frame; a scale outside the range is ignored.
    case layoutScale(Double)
    /// The desktop's reduced-motion setting (XSETTINGS `Gtk/EnableAnimations` 0) is on (`true`) or
    /// off: with `reduceMotion` `auto`, transitions not driven by a finger crossfade while it is on.
    case desktopReducesMotion(Bool)
}
