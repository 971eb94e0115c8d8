// SPDX-License-Identifier: Apache-2.0
/// The state of the tuning overlay (`swipeback tune`): which tunable is selected, the current
/// configuration, the finger's trace, progress and velocity over time, and the last decision in words.
///
/// It takes the app's input and event log lines; it draws nothing (the renderer's `TuneOverlay` does).
public struct Tuner: Sendable {
    /// One tunable: a configuration key, the step of one key press, and its range.
    public struct Tunable: Sendable, Equatable {
        /// The configuration key.
        public let key: String
        /// Change per key press, in the key's unit (0 for a choice or a switch: the press toggles).
        public let step: Double
        /// The allowed values (from `Configuration.keys`).
        public let range: ClosedRange<Double>
        /// Unit for display.
        public let unit: String
    }

    /// The tunables, in display order: the keys of `Configuration.keys` that have a tuning step
    /// (edge width, touch slop, commit progress, fling velocity, policy, spring stiffness and
    /// damping, parallax, dim, shadow).
    public static let tunables: [Tunable] = Configuration.keys.compactMap { key in
        guard let step = key.tuningStep else { return nil }
        if case .number(let range, let unit) = key.kind { return Tunable(key: key.name, step: step, range: range, unit: unit) }
        return Tunable(key: key.name, step: step, range: 0...1, unit: "")
    }

    /// The configuration being tuned.
    public private(set) var configuration: Configuration
    /// The index of the selected tunable in `tunables`.
    public private(set) var selected = 0
    /// The finger's positions during the current or last swipe (window px), oldest first.
    public private(set) var trace: [Point] = []
    /// (time ms, progress 0...1, velocity px/s or nil) of the current or last swipe's gesture lines.
    public private(set) var history: [(t: Double, progress: Double, velocity: Double?)] = []
    /// The last release's decision and reason in words; nil before the first release.
    public private(set) var verdict: String?
    /// The last save's outcome, for the overlay ("saved to …" or the error).
    public var status: String?
    /// Whether the tunables panel is hidden (H toggles it), so the page beneath can be used.
    public private(set) var panelHidden = false
    private var tracing: Int?

    /// What a key press did.
    public enum KeyAction: Equatable, Sendable {
        /// Not a tuning key: it goes on to the app.
        case ignored
        /// The selection moved.
        case selected
        /// The configuration changed: apply it to the app.
        case changed
        /// Save the configuration.
        case save
    }

    /// Starts tuning `configuration`.
    public init(configuration: Configuration) {
        self.configuration = configuration
    }

    /// The displayed value of a tunable ("20 px", "0.50", "velocityOrDistance").
    public func display(_ tunable: Tunable) -> String {
        switch configuration.value(of: tunable.key) {
        case .number(let n)?:
            let rounded = tunable.step >= 1 ? "\(Int(n.rounded()))" : formatted(n)
            return tunable.unit.isEmpty ? rounded : "\(rounded) \(tunable.unit)"
        case .string(let s?)?: return s
        case .boolean(let b)?: return b ? "on" : "off"
        default: return "?"
        }
    }

    /// Two decimals, without Foundation: 0.5 is "0.50".
    private func formatted(_ value: Double) -> String {
        let scaled = Int((abs(value) * 100).rounded())
        let fraction = scaled % 100
        return (value < 0 ? "-" : "") + "\(scaled / 100)." + (fraction < 10 ? "0" : "") + "\(fraction)"
    }

    /// Handles a key (names as `KeyTranslation` gives them: single letters upper-cased): Up/Down
    /// (or Tab) select (wrapping around), Left/Right (or - and +) change the selected tunable by one
    /// step, P moves to the next feel (keys changed by hand keep their values), S saves, H hides or
    /// shows the panel.
    public mutating func handleKey(_ name: String) -> KeyAction {
        switch name {
        case "Up": selected = (selected + Self.tunables.count - 1) % Self.tunables.count; return .selected
        case "Down", "Tab": selected = (selected + 1) % Self.tunables.count; return .selected
        case "Left", "minus", "KP_Subtract": return adjust(by: -1)
        case "Right", "plus", "equal", "Shift+equal", "KP_Add": return adjust(by: 1)
        case "S", "Shift+S", "Ctrl+S": return .save
        case "P", "Shift+P":
            let feels = Feel.allCases
            let next = feels[((feels.firstIndex(of: configuration.feel) ?? 0) + 1) % feels.count]
            configuration.set("feel", to: .string(next.rawValue))
            return .changed
        case "H", "Shift+H":
            panelHidden.toggle()
            return .selected
        default: return .ignored
        }
    }

    private mutating func adjust(by direction: Double) -> KeyAction {
        let tunable = Self.tunables[selected]
        switch configuration.value(of: tunable.key) {
        case .number(let n)?:
            // Whole steps, divided rather than multiplied so 7 steps of 0.05 are exactly 0.35.
            let steps = ((n + direction * tunable.step) / tunable.step).rounded()
            let value = tunable.step < 1 ? steps / (1 / tunable.step).rounded() : steps * tunable.step
            let next = min(max(value, tunable.range.lowerBound), tunable.range.upperBound)
            guard next != n else { return .ignored }
            configuration.set(tunable.key, to: .number(next))
        case .string?:
            let all = PopDecisionPolicy.allCases
            let index = all.firstIndex(of: configuration.policy) ?? 0
            configuration.policy = all[(index + (direction > 0 ? 1 : all.count - 1)) % all.count]
        default:
            return .ignored
        }
        return .changed
    }

    /// The feel and the keys that override it, for the panel: "feel libadwaita · own: edgeWidth".
    public var feelSummary: String {
        let own = configuration.feel.settings.map(\.key).filter(configuration.explicitKeys.contains)
        return "feel \(configuration.feel.rawValue)" + (own.isEmpty ? "" : " · own: " + own.joined(separator: ", "))
    }

    /// Takes an input event: a down starts a new trace, moves of that pointer extend it.
    public mutating func observe(_ event: InputEvent) {
        guard case .pointer(let pointer) = event else { return }
        switch pointer.phase {
        case .down where tracing == nil:
            tracing = pointer.id
            trace = [pointer.position]
        case .move where tracing == pointer.id:
            trace.append(pointer.position)
            if trace.count > 400 { trace.removeFirst(trace.count - 400) }
        case .up where tracing == pointer.id, .cancel where tracing == pointer.id:
            tracing = nil
        default:
            break
        }
    }

    /// Takes an engine event: gesture steps feed the plot, a release gives the verdict.
    ///
    /// - Parameters:
    ///   - record: any event with its time in ms; only `.gesture` events count.
    ///   - widthPixels: the swiped stack's width in px, for the fling velocity in px/s.
    public mutating func observe(_ record: TimedEvent, widthPixels: Double) {
        guard case .gesture(_, _, let step) = record.event else { return }
        if step.phase == .began { history = [] }
        let velocity = step.velocityPixelsPerSecond
        history.append((record.timeMilliseconds, step.progress, velocity))
        switch step.phase {
        case .ended:
            verdict = PopDecision.explain(progress: step.progress, velocityPixelsPerSecond: velocity, widthPixels: widthPixels,
                                          configuration: configuration)
        case .cancelled:
            verdict = "the system cancelled the swipe: the page goes back"
        default:
            break
        }
    }
}
