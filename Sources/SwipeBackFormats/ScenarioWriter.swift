// SPDX-License-Identifier: Apache-2.0
import SwipeBackCore

/// Writes scenario files (SPEC section 1): what `swipeback record` saves and `replay` reads back.
public enum ScenarioWriter {
    /// A configuration as a JSON object (SPEC section 4), in `Configuration.keys` order: every key,
    /// or with `onlyChanged` only those that differ from the built-in defaults, or with
    /// `onlyExplicit` the feel and the keys given explicitly (what `tune` saves, so the file still
    /// follows its feel).
    public static func configurationValue(_ configuration: Configuration, onlyChanged: Bool = false,
                                          onlyExplicit: Bool = false) -> LogValue {
        let defaults = Configuration()
        return .object(Configuration.keys.compactMap { key in
            guard let value = configuration.value(of: key.name) else { return nil }
            if onlyChanged && value == defaults.value(of: key.name) { return nil }
            if onlyExplicit && key.name != "feel" && !configuration.explicitKeys.contains(key.name) { return nil }
            switch value {
            case .number(let n): return (key.name, .number(n))
            case .boolean(let b): return (key.name, .bool(b))
            case .string(let s): return (key.name, s.map(LogValue.string) ?? .null)
            case .strings(let list): return (key.name, .array(list.map(LogValue.string)))
            case .integers(let list): return (key.name, .array(list.map { .number(Double($0)) }))
            }
        })
    }

    /// The header line.
    ///
    /// - Parameters:
    ///   - width: window width in px.
    ///   - height: window height in px.
    ///   - direction: the layout direction.
    ///   - configuration: the keys that differ from the built-in defaults are written, so a replay
    ///     reproduces the session, while a session on the defaults stays free to replay under
    ///     other settings (`replay --config`, `--compare`; a scenario's own keys win, SPEC section 4).
    ///   - pages: the pages document as JSON (inline), or nil.
    ///   - stacks: the stacks at the start.
    ///   - layoutScale: px per layout unit (`LayoutScale.range`); written as `scale` when not 1.
    public static func header(width: Double, height: Double, direction: LayoutDirection, configuration: Configuration,
                              pages: LogValue?, stacks: [StackDescription], layoutScale: Double = 1) -> String {
        var fields: [(String, LogValue)] = [
            ("scenario", .number(1)),
            ("window", .object([("width", .number(width)), ("height", .number(height))])),
            ("direction", .string(direction == .leftToRight ? "ltr" : "rtl")),
        ]
        if layoutScale != 1 { fields.append(("scale", .number(layoutScale))) }
        if case .object(let changed) = configurationValue(configuration, onlyChanged: true), !changed.isEmpty {
            fields.append(("config", .object(changed)))
        }
        if let pages { fields.append(("pages", pages)) }
        fields.append(("stacks", .array(stacks.map { stack in
            var entry: [(String, LogValue)] = [("id", .string(stack.id))]
            if let f = stack.frame { entry.append(("frame", .array([f.x, f.y, f.width, f.height].map(LogValue.number)))) }
            entry.append(("pages", .array(stack.pages.map(LogValue.string))))
            return .object(entry)
        })))
        return EventLogWriter.json(.object(fields))
    }

    /// One input line at time `t` (ms), or nil for an event a scenario does not record (a page
    /// change or a forward push from app code).
    public static func line(_ event: InputEvent, atMilliseconds t: Double) -> String? {
        var fields: [(String, LogValue)] = [("t", .number(t))]
        switch event {
        case .pointer(let p):
            let type: String
            switch p.phase {
            case .down: type = "down"
            case .move: type = "move"
            case .up: type = "up"
            case .cancel: type = "cancel"
            }
            fields += [("type", .string(type)), ("id", .number(Double(p.id)))]
            if p.phase != .cancel {
                fields += [("device", .string(p.device.rawValue)), ("x", .number(p.position.x)), ("y", .number(p.position.y))]
            }
            if p.button != 1 && p.phase != .move { fields.append(("button", .number(Double(p.button)))) }
        case .scroll(let dx, let dy, let touchpad, let position):
            fields += [("type", .string("scroll")), ("dx", .number(dx)), ("dy", .number(dy)),
                       ("device", .string(touchpad ? "touchpad" : "wheel"))]
            if let position { fields += [("x", .number(position.x)), ("y", .number(position.y))] }
        case .swipe(let phase, let dx, let dy, let fingers):
            fields += [("type", .string("swipe")), ("phase", .string(phase.rawValue)), ("dx", .number(dx)), ("dy", .number(dy)),
                       ("fingers", .number(Double(fingers)))]
        case .key(let name):
            fields += [("type", .string("key")), ("key", .string(name))]
        case .button(let button):
            fields += [("type", .string("button")), ("button", .number(Double(button)))]
        case .push(let stack, let page, let animated):
            fields += [("type", .string("push")), ("stack", .string(stack)), ("page", .string(page)), ("animated", .bool(animated))]
        case .pop(let stack, let animated):
            fields += [("type", .string("pop")), ("stack", .string(stack)), ("animated", .bool(animated))]
        case .popToRoot(let stack, let animated):
            fields += [("type", .string("popToRoot")), ("stack", .string(stack)), ("animated", .bool(animated))]
        case .setPage, .goForward:
            return nil
        case .direction(let direction):
            fields += [("type", .string("direction")), ("value", .string(direction == .leftToRight ? "ltr" : "rtl"))]
        case .focus(let focused):
            fields += [("type", .string("focus")), ("value", .bool(focused))]
        case .resize(let width, let height):
            fields += [("type", .string("resize")), ("width", .number(width)), ("height", .number(height))]
        case .close:
            fields += [("type", .string("close"))]
        case .screenSaver(let active):
            fields += [("type", .string("screenSaver")), ("value", .bool(active))]
        case .layoutScale(let scale):
            fields += [("type", .string("scale")), ("value", .number(scale))]
        case .desktopReducesMotion(let reduces):
            fields += [("type", .string("desktopReducesMotion")), ("value", .bool(reduces))]
        }
        return EventLogWriter.json(.object(fields))
    }

    /// The closing `end` line: the clock runs to `t`, then animations settle.
    public static func endLine(atMilliseconds t: Double) -> String {
        EventLogWriter.json(.object([("t", .number(t)), ("type", .string("end"))]))
    }
}
