// SPDX-License-Identifier: Apache-2.0
import CX11

/// A window's XI2 devices: which events it selects from them, their scroll valuators, and
/// whether one still reaches a master pointer.
public struct XI2Devices {
    /// The window's connection.
    let display: OpaquePointer
    /// The window the events go to.
    let window: Window
    /// Whether the server sends XI 2.4 touchpad gesture events.
    public let hasGestures: Bool

    /// Selects XI2 button, motion and touch events from every master device (whole touch triples,
    /// and touch ownership), and device hierarchy changes on the root window.
    ///
    /// Called again after a hierarchy change, so devices that were disabled, re-enabled, floated
    /// or plugged in keep working.
    ///
    /// - Throws: `X11Error` when the server refuses the selection.
    public func selectInput() throws {
        var events = [XI_ButtonPress, XI_ButtonRelease, XI_Motion, XI_Enter, XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd,
                      XI_TouchOwnership]
        if hasGestures { events += [XI_GestureSwipeBegin, XI_GestureSwipeUpdate, XI_GestureSwipeEnd] }
        try select(events, on: window, device: XIAllMasterDevices)
        try select([XI_HierarchyChanged, XI_DeviceChanged], on: XDefaultRootWindow(display), device: XIAllDevices)
    }

    private func select(_ events: [Int32], on target: Window, device: Int32) throws {
        try X11ErrorTrap.bracket(display, "selecting XInput2 events") {
            _ = XInput2.select(events, from: device, on: target, display: display)
        }
    }

    /// The scroll valuators of every slave pointer, and which are touchpads (an XI 2.4 gesture
    /// class, or dependent touch).
    public func scrollDevices() -> [(device: Int32, axes: [SmoothScroll.Axis], isTouchpad: Bool)] {
        var count: Int32 = 0
        guard let info = XIQueryDevice(display, XIAllDevices, &count) else { return [] }
        defer { XIFreeDeviceInfo(info) }
        var devices: [(Int32, [SmoothScroll.Axis], Bool)] = []
        for i in 0..<Int(count) where info[i].use == XISlavePointer || info[i].use == XIFloatingSlave {
            var axes: [SmoothScroll.Axis] = []
            var touchpad = false
            for c in 0..<Int(info[i].num_classes) {
                guard let any = info[i].classes[c] else { continue }
                switch any.pointee.type {
                case XIScrollClass:
                    let scroll = UnsafeRawPointer(any).assumingMemoryBound(to: XIScrollClassInfo.self).pointee
                    axes.append(SmoothScroll.Axis(number: Int(scroll.number), horizontal: scroll.scroll_type == XIScrollTypeHorizontal,
                                                  increment: scroll.increment))
                case XIGestureClass:
                    touchpad = true
                case XITouchClass:
                    let touch = UnsafeRawPointer(any).assumingMemoryBound(to: XITouchClassInfo.self).pointee
                    if touch.mode == XIDependentTouch { touchpad = true }
                default:
                    break
                }
            }
            devices.append((info[i].deviceid, axes, touchpad))
        }
        return devices
    }

    /// Whether the slave `device` no longer delivers to a master pointer: disabled, removed, or
    /// floating (detached, or grabbed by another client: a grabbed slave floats for the grab's
    /// length, XI2 protocol "Grabs"). One round trip.
    ///
    /// - Parameter device: an XI2 device id.
    public func isCutOff(device: Int32) -> Bool {
        var count: Int32 = 0
        var info: UnsafeMutablePointer<XIDeviceInfo>?
        // A removed device answers BadDevice; an error of an earlier request is not this one's.
        let answered = X11ErrorTrap.succeeds(display) { info = XIQueryDevice(display, device, &count) }
        defer { if let info { XIFreeDeviceInfo(info) } }
        guard answered, let info, count > 0 else { return true }
        return info.pointee.use == XIFloatingSlave || info.pointee.enabled == 0
    }
}
