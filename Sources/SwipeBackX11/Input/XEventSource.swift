// SPDX-License-Identifier: Apache-2.0
import CX11
import SwipeBackCore

/// One input for the model that an X event carried.
struct SourcedInput {
    /// The input.
    var event: InputEvent
    /// The server's time of it on the app clock (ms, `ServerClock`), or nil when it happens now
    /// (a window change, a device cut off).
    var mappedMilliseconds: Double?
}

/// What one X event means to the window's loop.
struct XEventReading {
    /// Inputs for the model, in order.
    var inputs: [SourcedInput] = []
    /// Whether the frame must be drawn again.
    var redraw = false
    /// The window may show on another monitor now (it moved, or the screen changed).
    var displayMayHaveChanged = false
    /// The screen's size or monitors changed (RandR).
    var screenChanged = false
    /// The window manager asked to close the window (`WM_DELETE_WINDOW`).
    var closeRequested = false
}

/// The window's X events turned into neutral input and window changes: no gesture decisions
/// (those are the engine's), and desktop changes (the layout scale, reduced motion, the screen
/// saver) as input events, so that `record` writes them and `replay` replays them.
final class XEventSource {
    private let window: X11Window
    private let clock: AppClock
    private var serverClock = ServerClock()
    /// The XI2 input: translation, device changes, the held devices' grab checks.
    private let input: XI2InputSource
    /// The desktop's XSETTINGS, followed live: `Gtk/EnableAnimations` 0 reduces motion.
    private let desktopSettings: XSettingsWatcher
    /// A layout scale that wins over the server's `Xft.dpi`, in px per layout unit; nil follows it.
    var scaleOverride: Double? {
        didSet { layoutScale = scaleOverride ?? window.resourceScale }
    }
    /// The layout scale in effect: `scaleOverride`, else the server's `Xft.dpi` / 96.
    private(set) var layoutScale: Double
    /// Whether the desktop asks for reduced motion now.
    private(set) var desktopReducesMotion: Bool

    /// Follows `window`'s events on the app clock `clock`.
    init(window: X11Window, clock: AppClock) {
        self.window = window
        self.clock = clock
        input = XI2InputSource(devices: window.devices)
        desktopSettings = XSettingsWatcher(display: window.display)
        layoutScale = window.resourceScale
        desktopReducesMotion = desktopSettings.reducesMotion
    }

    /// When the held sequences' devices are due to be checked, app clock ms; nil when none is held.
    var nextGrabCheck: Double? { input.nextGrabCheck }

    /// Maps a server time onto the app clock (`ServerClock`).
    private func mapped(_ serverTime: UInt32) -> Double {
        serverClock.appTime(serverTime: serverTime, nowMilliseconds: clock.milliseconds,
                            monotonicMilliseconds: AppClock.monotonicMicroseconds / 1000)
    }

    /// The system cancels of held sequences whose device another client took, when a check is
    /// due at `now` (app clock ms).
    func checkHeldDevices(now: Double) -> [SourcedInput] {
        input.checkHeldDevices(now: now).map { SourcedInput(event: .pointer($0)) }
    }

    /// Reads one X event (not a Present one: those are the surface's).
    ///
    /// - Parameter event: the event just read.
    /// - Returns: its inputs and what it changed.
    func read(_ event: inout XEvent) -> XEventReading {
        var reading = XEventReading()
        // `xrdb -merge` of a new Xft.dpi: the next hit test and frame use the new scale.
        if window.isResourceChange(event) {
            guard scaleOverride == nil, window.resourceScale != layoutScale else { return reading }
            layoutScale = window.resourceScale
            reading.inputs = [SourcedInput(event: .layoutScale(layoutScale))]
            reading.redraw = true
            return reading
        }
        if let saver = window.screenSaverChange(event) {
            reading.inputs = [SourcedInput(event: .screenSaver(active: saver.active), mappedMilliseconds: mapped(saver.serverTime))]
            return reading
        }
        if desktopSettings.handle(&event) {
            if desktopSettings.reducesMotion != desktopReducesMotion {
                desktopReducesMotion = desktopSettings.reducesMotion
                reading.inputs = [SourcedInput(event: .desktopReducesMotion(desktopReducesMotion))]
            }
            reading.redraw = true
            return reading
        }
        switch event.type {
        case Expose:
            window.surface.invalidateFrame()
            reading.redraw = true
        case ConfigureNotify:
            // The window may have moved to a monitor with another rate.
            reading.displayMayHaveChanged = true
            let width = Int(event.xconfigure.width), height = Int(event.xconfigure.height)
            guard width != window.width || height != window.height else { break }
            window.surface.didResize(width: width, height: height)
            reading.inputs = [SourcedInput(event: .resize(width: Double(width), height: Double(height)))]
            reading.redraw = true
        case FocusOut:
            // Focus moving to another window (not the pointer wandering under PointerRoot focus, nor a
            // window of our own) interrupts a swipe: the page is restored.
            let detail = event.xfocus.detail
            if detail != NotifyInferior && detail != NotifyPointer { reading.inputs = [SourcedInput(event: .focus(false))] }
        case UnmapNotify:
            // An unmapped window gets no touch or button ends: end every sequence now, so no
            // ghost finger blocks the next swipe.
            input.forgetHeldSequences()
            reading.inputs = [SourcedInput(event: .focus(false))]
        case MapNotify:
            reading.redraw = true
        case DestroyNotify:
            if event.xdestroywindow.window == window.window { window.markDestroyed() }
        case KeyPress:
            var keyEvent = event.xkey
            let keysym = XLookupKeysym(&keyEvent, 0)
            if let name = KeyTranslation.name(keysym: keysym, state: keyEvent.state) {
                reading.inputs = [SourcedInput(event: .key(name), mappedMilliseconds: mapped(UInt32(truncatingIfNeeded: keyEvent.time)))]
            }
        case ClientMessage:
            reading.closeRequested = window.isDeleteRequest(event)
        case GenericEvent:
            let now = clock.milliseconds
            _ = EventCookie.withData(window.display, &event, extension: window.xinputOpcode) { evtype, data in
                let (inputs, cancels) = input.read(evtype: evtype, data: data, now: now)
                reading.inputs = inputs.map { SourcedInput(event: $0.event, mappedMilliseconds: mapped($0.serverTime)) }
                    + cancels.map { SourcedInput(event: .pointer($0)) }
                reading.redraw = !cancels.isEmpty
            }
        default:
            if window.isScreenChange(&event) {
                reading.displayMayHaveChanged = true
                reading.screenChanged = true
            }
        }
        return reading
    }
}
