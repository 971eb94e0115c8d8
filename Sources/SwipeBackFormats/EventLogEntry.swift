// SPDX-License-Identifier: Apache-2.0
import SwipeBackCore

/// One line of the event log (SPEC section 3): a time, a type and the type's fields in order.
public struct EventLogEntry: Equatable, Sendable {
    /// When it happened, in ms on the scenario or app clock.
    public var timeMilliseconds: Double
    /// The line's `type`: `veto`, `gesture`, `lifecycle`, `stack`, `transition`, `action`, `control`, `back`,
    /// `forward`, `menu`, `final`, `frame`.
    public var type: String
    /// The other fields, in the order they are written.
    public var fields: [(String, LogValue)]

    /// Creates an entry.
    public init(timeMilliseconds: Double, type: String, fields: [(String, LogValue)]) {
        self.timeMilliseconds = timeMilliseconds
        self.type = type
        self.fields = fields
    }

    /// The field named `name`, or nil.
    public subscript(name: String) -> LogValue? {
        fields.first { $0.0 == name }?.1
    }

    /// Equal time, type and fields (in order).
    public static func == (a: EventLogEntry, b: EventLogEntry) -> Bool {
        a.timeMilliseconds == b.timeMilliseconds && a.type == b.type
            && LogValue.object(a.fields) == LogValue.object(b.fields)
    }
}

extension EventLogEntry {
    /// The event log line of an engine event (SPEC section 3): its `type` and its fields in the
    /// order the log writes them. This is the one place that names the log's fields.
    ///
    /// - Parameter record: the event and its time in ms.
    public init(_ record: TimedEvent) {
        let t = record.timeMilliseconds
        switch record.event {
        case .veto(let stack, let page, let point, let allowed):
            self.init(timeMilliseconds: t, type: "veto", fields: [
                ("stack", .string(stack)), ("page", .string(page)), ("x", .number(point.x)), ("y", .number(point.y)),
                ("result", .bool(allowed))])
        case .gesture(let stack, let page, let step):
            var fields: [(String, LogValue)] = [("stack", .string(stack)), ("page", .string(page)),
                                                ("phase", .string(step.phase.rawValue)), ("progress", .number(step.progress))]
            // `velocity` on changed and ended (null without an estimate), `decision` on ended.
            if step.phase == .changed || step.phase == .ended {
                fields.append(("velocity", step.velocityPixelsPerSecond.map(LogValue.number) ?? .null))
            }
            if let decision = step.decision { fields.append(("decision", .string(decision.rawValue))) }
            // A forward swipe's lines say so; the back swipe's are as they always were.
            if step.kind == .forward { fields.append(("kind", .string("forward"))) }
            self.init(timeMilliseconds: t, type: "gesture", fields: fields)
        case .lifecycle(let stack, let page, let phase):
            self.init(timeMilliseconds: t, type: "lifecycle", fields: [
                ("stack", .string(stack)), ("page", .string(page)), ("phase", .string(phase.rawValue))])
        case .stack(let stack, let operation, let page, let pages, let forward):
            var fields: [(String, LogValue)] = [("stack", .string(stack)), ("op", .string(operation.rawValue)), ("page", .string(page)),
                                                ("pages", .array(Self.strings(pages)))]
            if forward { fields.append(("forward", .bool(true))) }
            self.init(timeMilliseconds: t, type: "stack", fields: fields)
        case .transition(let stack, let kind, let phase):
            var fields: [(String, LogValue)] = [("stack", .string(stack)), ("kind", .string(kind.rawValue))]
            switch phase {
            case .started:
                fields.append(("phase", .string("started")))
            case .finished(let completed):
                fields += [("phase", .string("finished")), ("completed", .bool(completed))]
            }
            self.init(timeMilliseconds: t, type: "transition", fields: fields)
        case .action(let stack, let page, let element, let action, let toggledValue):
            var fields: [(String, LogValue)] = [("stack", .string(stack)), ("page", .string(page)),
                                                ("element", element.map(LogValue.string) ?? .null),
                                                ("action", action.logValue)]
            if let toggledValue { fields.append(("value", .bool(toggledValue))) }
            self.init(timeMilliseconds: t, type: "action", fields: fields)
        case .control(let stack, let page, let element, let value):
            self.init(timeMilliseconds: t, type: "control", fields: [
                ("stack", .string(stack)), ("page", .string(page)), ("element", element.map(LogValue.string) ?? .null),
                ("value", .number(value))])
        case .back(let stack, let source, let handled):
            self.init(timeMilliseconds: t, type: "back", fields: [
                ("stack", .string(stack)), ("source", .string(source.rawValue)), ("result", .string(handled ? "handled" : "ignored"))])
        case .forward(let stack, let source, let handled):
            self.init(timeMilliseconds: t, type: "forward", fields: [
                ("stack", .string(stack)), ("source", .string(source.rawValue)), ("result", .string(handled ? "handled" : "ignored"))])
        case .menu(let stack, .opened(let items)):
            self.init(timeMilliseconds: t, type: "menu", fields: [
                ("stack", .string(stack)), ("phase", .string("opened")), ("items", .array(items.map(LogValue.string)))])
        case .menu(let stack, .closed(let chosen)):
            self.init(timeMilliseconds: t, type: "menu", fields: [
                ("stack", .string(stack)), ("phase", .string("closed")), ("chosen", chosen.map(LogValue.string) ?? .null)])
        case .wake:
            self.init(timeMilliseconds: t, type: "wake", fields: [])
        case .frame(let number, let productionMilliseconds, let bytesSent):
            self.init(timeMilliseconds: t, type: "frame", fields: [
                ("n", .number(Double(number))), ("ms", .number(productionMilliseconds))]
                + (bytesSent.map { [("bytes", .number(Double($0)))] } ?? []))
        case .final(let stacks):
            self.init(timeMilliseconds: t, type: "final", fields: [
                ("stacks", .object(stacks.map { ($0.id, .array($0.pages.map(LogValue.string))) }))])
        case .indicatorFrame(let drawMilliseconds):
            self.init(timeMilliseconds: t, type: "frame", fields: drawMilliseconds.map { [("drawMs", .number($0))] } ?? [])
        case .system(let event):
            self.init(timeMilliseconds: t, type: "system", fields: [("event", .string(event.name))] + event.logFields)
        }
    }
}

extension SystemEvent {
    /// The line's `event`.
    var name: String {
        switch self {
        case .started: "started"
        case .stopped: "stopped"
        case .rejected: "rejected"
        case .accepted: "accepted"
        case .released(_, _, _, let release): release.decision == .commit ? "committed" : "cancelled"
        case .action(_, _, _, let failure): failure == nil ? "sent" : "failed"
        case .device(let phase, _, _, _): phase.rawValue
        case .held, .asked: "held"
        case .answered: "answered"
        case .late: "late"
        case .leftToSession: "left"
        case .session: "session"
        case .connected: "connected"
        case .disconnected: "disconnected"
        case .ended(_, let outcome, _): outcome.rawValue
        }
    }

    /// The fields after `event`, in the order SPEC section 3 gives them.
    var logFields: [(String, LogValue)] {
        func who(_ touch: SystemTouch) -> [(String, LogValue)] {
            switch touch {
            case .touch(let id): [("touch", .number(Double(id)))]
            case .device(let name, let id): [("device", .string(name)), ("touch", .number(Double(id)))]
            }
        }
        func point(_ p: Point) -> [(String, LogValue)] { [("x", .number(p.x)), ("y", .number(p.y))] }
        func appClass(_ name: String?) -> [(String, LogValue)] { name.map { [("class", .string($0))] } ?? [] }
        switch self {
        case .started(.grab(let style, let edgeWidth, let commitDistance)):
            return [("style", .string(style.rawValue)), ("edgeWidth", .number(edgeWidth)), ("commitDistance", .number(commitDistance))]
        case .started(.input(let edgeWidth, let commitDistance)):
            return [("style", .string("input")), ("edgeWidth", .number(edgeWidth)), ("commitDistance", .number(commitDistance))]
        case .started(.session(let drawsArrow, let knowsApps)):
            return [("style", .string("session")), ("arrow", .bool(drawsArrow)), ("apps", .bool(knowsApps))]
        case .stopped:
            return []
        case .rejected(let touch, let at, let reason, let name):
            return who(touch) + (at.map(point) ?? []) + [("reason", .string(reason.rawValue))] + appClass(name)
        case .accepted(let touch, let start, let edge, let kind, let name):
            return who(touch) + point(start) + [("edge", .string(edge.rawValue)), ("kind", .string(kind.rawValue))] + appClass(name)
        case .released(let touch, let kind, let name, let release):
            return who(touch) + [("kind", .string(kind.rawValue))] + appClass(name) + [
                ("progress", .number(release.progress)), ("velocity", release.velocityPixelsPerSecond.map(LogValue.number) ?? .null),
                ("distance", .number(release.distancePixels)), ("width", .number(release.widthPixels)),
                ("commitDistance", .number(release.commitDistancePixels))]
        case .action(let touch, let target, let action, let failure):
            let sent: [(String, LogValue)] = [("action", .string(action.description))]
            let reason: [(String, LogValue)] = failure.map { [("reason", .string($0))] } ?? []
            switch target {
            case .window(let name, let id):
                return who(touch) + [("class", .string(name))] + sent + [("window", .number(Double(id)))] + reason
            case .app(let name):
                return who(touch) + [("app", name.map(LogValue.string) ?? .null)] + sent + reason
            case .devices:
                return who(touch) + sent + reason
            }
        case .device(_, let name, let path, let reason):
            return [("device", .string(name)), ("path", .string(path))] + (reason.map { [("reason", .string($0))] } ?? [])
        case .held(let touch, let start):
            return who(touch) + point(start)
        case .answered(let touch, let app, let exclude, let sender):
            return who(touch) + [("app", app.map(LogValue.string) ?? .null), ("exclude", .bool(exclude)), ("sender", .string(sender.rawValue))]
        case .late(let touch):
            return who(touch)
        case .leftToSession(let touch):
            return who(touch) + [("to", .string("session"))]
        case .session(.connected(let uid)):
            return [("phase", .string("connected")), ("uid", .number(Double(uid)))]
        case .session(.refused(let uid, let reason)):
            return [("phase", .string("refused")), ("uid", uid.map { .number(Double($0)) } ?? .null), ("reason", .string(reason))]
        case .session(.disconnected(let reason)):
            return [("phase", .string("disconnected")), ("reason", .string(reason))]
        case .session(.unavailable(let reason)):
            return [("phase", .string("unavailable")), ("reason", .string(reason))]
        case .connected(let socket):
            return [("socket", .string(socket))]
        case .disconnected(let reason):
            return [("reason", .string(reason))]
        case .asked(let touch, let app, let exclude, let y, let sender):
            return [("touch", .number(Double(touch))), ("app", app.map(LogValue.string) ?? .null), ("exclude", .bool(exclude)),
                    ("y", .number(y)), ("sender", .string(sender.rawValue))]
        case .ended(let touch, _, let sender):
            return [("touch", .number(Double(touch))), ("sender", .string(sender.rawValue))]
        }
    }
}

extension ElementAction {
    /// The action as the event log writes it: `{"push": id}`, `"pop"`, `"popToRoot"`, `{"toggle": key}`.
    public var logValue: LogValue {
        switch self {
        case .push(let id): return .object([("push", .string(id))])
        case .pop: return .string("pop")
        case .popToRoot: return .string("popToRoot")
        case .toggle(let key): return .object([("toggle", .string(key))])
        }
    }
}

extension EventLogEntry {
    /// `items` as log strings, in a plain loop (a `stack` line of a deep stack lists every page).
    static func strings(_ items: [String]) -> [LogValue] {
        var values: [LogValue] = []
        values.reserveCapacity(items.count)
        for item in items { values.append(.string(item)) }
        return values
    }
}
