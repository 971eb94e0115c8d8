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
