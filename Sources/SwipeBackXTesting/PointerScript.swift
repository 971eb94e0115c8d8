// SPDX-License-Identifier: Apache-2.0
import CX11
import CX11Testing

/// One step of a timed pointer script (`XvfbServer.play`): XTest motion, buttons and keys.
public enum PointerStep: Equatable, Sendable {
    /// The pointer moves to root position (x, y) px.
    case move(x: Int, y: Int)
    /// Button `button` (1 is the primary, 8 back, 9 forward) goes down.
    case press(UInt32)
    /// Button `button` comes up.
    case release(UInt32)
    /// The key with this keysym is pressed and released.
    case key(Int32)
    /// Nothing happens for this many ms (whole ms: XTest's delay unit): the script's pace, which
    /// the server stamps into the events.
    case wait(Double)

    /// Button 1 goes down.
    public static let down = PointerStep.press(1)
    /// Button 1 comes up.
    public static let up = PointerStep.release(1)

    /// A straight drag with button 1: the pointer moves to `from`, waits `settle` ms, presses,
    /// makes `steps` moves `every` ms apart to `to`, and (unless `lift` is false) releases `every`
    /// ms after the last.
    ///
    /// - Parameters:
    ///   - from: the press point, root px.
    ///   - to: the last move's point, root px.
    ///   - steps: moves, at least 1.
    ///   - every: ms before each move and before the release.
    ///   - settle: ms between the first move and the press (so the press is not a motion's).
    ///   - lift: whether the script ends with the release.
    public static func drag(from: (Int, Int), to: (Int, Int), steps: Int = 10, every: Double = 8, settle: Double = 30,
                            lift: Bool = true) -> [PointerStep] {
        var script: [PointerStep] = [.move(x: from.0, y: from.1), .wait(settle), .down]
        let count = max(steps, 1)
        for i in 1...count {
            script += [.wait(every), .move(x: from.0 + (to.0 - from.0) * i / count, y: from.1 + (to.1 - from.1) * i / count)]
        }
        if lift { script += [.wait(every), .up] }
        return script
    }

    /// A click of button 1 at (x, y) root px: move, wait `settle` ms, press, hold `holding` ms, release.
    ///
    /// - Parameters:
    ///   - x: root px.
    ///   - y: root px.
    ///   - settle: ms between the move and the press.
    ///   - holding: ms between the press and the release.
    public static func click(x: Int, y: Int, settle: Double = 30, holding: Double = 30) -> [PointerStep] {
        [.move(x: x, y: y), .wait(settle), .down, .wait(holding), .up]
    }
}

extension XvfbServer {
    /// Plays a pointer script through XTest on this server (`playPointerScript`).
    ///
    /// - Parameter script: the steps, in order.
    public func play(_ script: [PointerStep]) { playPointerScript(script, on: display) }
}

/// Plays a pointer script through XTest on `display`. Each wait becomes the delay XTest asks the
/// server to keep before the next event (the server, not this process, keeps the pace, so the
/// events' server times are spaced as the script says); returns once the server has processed
/// the last event.
///
/// - Parameters:
///   - script: the steps, in order.
///   - display: a connection to a server with XTest.
public func playPointerScript(_ script: [PointerStep], on display: OpaquePointer) {
    var delay = 0.0
    func nextDelay() -> UInt {
        defer { delay = 0 }
        return UInt(max(0, delay.rounded()))
    }
    for step in script {
        switch step {
        case .wait(let milliseconds):
            delay += milliseconds
        case .move(let x, let y):
            XTestFakeMotionEvent(display, -1, Int32(x), Int32(y), nextDelay())
        case .press(let button):
            XTestFakeButtonEvent(display, button, 1, nextDelay())
        case .release(let button):
            XTestFakeButtonEvent(display, button, 0, nextDelay())
        case .key(let keysym):
            let code = UInt32(XKeysymToKeycode(display, KeySym(keysym)))
            XTestFakeKeyEvent(display, code, 1, nextDelay())
            XTestFakeKeyEvent(display, code, 0, 0)
        }
    }
    // A trailing wait still passes before the script ends.
    if delay > 0 { XTestFakeRelativeMotionEvent(display, 0, 0, nextDelay()) }
    XSync(display, 0)
}

/// Whether `window` is viewable (mapped, with every ancestor mapped) on `display`.
///
/// - Parameters:
///   - display: any connection to the window's server.
///   - window: the window's id.
public func isViewable(_ display: OpaquePointer, _ window: Window) -> Bool {
    var attributes = XWindowAttributes()
    return XGetWindowAttributes(display, window, &attributes) != 0 && attributes.map_state == IsViewable
}
