// SPDX-License-Identifier: Apache-2.0
/// What is wrong with a configuration value of the right kind: where in it, the text as written,
/// and what was expected. The reader writes it as `"KEY"[INDEX] is "TEXT"; expected ...`.
public struct ValueProblem: Equatable, Sendable {
    /// The entry of a list that is wrong (`systemAppActions`), from 0; nil for a single value.
    public let index: Int?
    /// The value (or the list's entry): as written where the reader has the file's text, else as
    /// the configuration writes it.
    public let text: String
    /// What the key takes, after "expected".
    public let expected: String

    /// A problem with `text`, at `index` of a list.
    public init(index: Int? = nil, text: String, expected: String) {
        self.index = index
        self.text = text
        self.expected = expected
    }
}

/// What one host can send, checked by the configuration reader on the keys that host sends:
/// whether the X server has a chord's key by name (`swipeback system`, `swipeback kiosk`), or the
/// virtual keyboard and mouse of `swipeback input` have it. The syntax of actions and chords is
/// the core's (`SystemAction`, `KeyChord`) and every reader checks it; this is the part only a
/// host knows.
public struct SystemActionCheck: Sendable {
    /// The keys whose actions (or chord) it checks: some of `systemBackAction`,
    /// `systemForwardAction`, `systemAppActions`, `inputBackAction`, `inputForwardAction`,
    /// `kioskExitChord` (checked as a `key:` action).
    public let keys: [String]
    /// What is wrong with an action for this host, after "expected" or as a reason; nil when it
    /// can send it.
    public let problem: @Sendable (SystemAction) -> String?

    /// A check of `keys` by `problem`.
    public init(keys: [String], problem: @escaping @Sendable (SystemAction) -> String?) {
        self.keys = keys
        self.problem = problem
    }

    /// The first problem of the configuration's values of `keys`, or nil.
    ///
    /// - Parameter configuration: a configuration the reader has read (its actions read).
    public func firstProblem(in configuration: Configuration) -> (key: String, problem: ValueProblem)? {
        for key in keys {
            for (index, text, action) in configuration.actions(ofKey: key) {
                if let problem = problem(action) { return (key, ValueProblem(index: index, text: text, expected: problem)) }
            }
        }
        return nil
    }
}

extension Configuration {
    /// The actions a key holds, each with its index in a list (nil for a single value) and its
    /// text: one for `systemBackAction` and the like, two per `systemAppActions` entry (its back
    /// and forward, the entry's text), the exit chord as a `key:` action; none for other keys or
    /// a nil chord.
    ///
    /// - Parameter key: a configuration key's name.
    public func actions(ofKey key: String) -> [(index: Int?, text: String, action: SystemAction)] {
        switch key {
        case "systemBackAction": return [(nil, systemBackAction.description, systemBackAction)]
        case "systemForwardAction": return [(nil, systemForwardAction.description, systemForwardAction)]
        case "inputBackAction": return [(nil, inputBackAction.description, inputBackAction)]
        case "inputForwardAction": return [(nil, inputForwardAction.description, inputForwardAction)]
        case "systemAppActions":
            return systemAppActions.enumerated().flatMap { index, entry in
                [(index, entry.description, entry.back), (index, entry.description, entry.forward)]
            }
        case "kioskExitChord": return kioskExitChord.map { [(nil, $0.description, SystemAction.key($0))] } ?? []
        default: return []
        }
    }

    /// The check of an action key's value: it must read as `SystemAction` does.
    ///
    /// - Parameters:
    ///   - value: the value read.
    ///   - forms: the forms the message names (`swipeback input`'s keys name no command).
    static func actionCheck(_ value: Value, forms: String = SystemAction.forms) -> ValueProblem? {
        guard case .string(let text?) = value, SystemAction(text) == nil else { return nil }
        return ValueProblem(text: text, expected: forms)
    }

    /// The check of `systemAppActions`: every entry must read as `SystemAppAction` does.
    static func appActionsCheck(_ value: Value) -> ValueProblem? {
        guard case .strings(let entries) = value,
              let index = entries.firstIndex(where: { SystemAppAction($0) == nil }) else { return nil }
        return ValueProblem(index: index, text: entries[index], expected: SystemAppAction.syntax)
    }

    /// The check of a chord key: it must read as `KeyChord` does.
    static func chordCheck(_ value: Value) -> ValueProblem? {
        guard case .string(let text?) = value, KeyChord(text) == nil else { return nil }
        return ValueProblem(text: text, expected: KeyChord.syntax + ", like \"Ctrl+Alt+Shift+Q\"")
    }
}
