// SPDX-License-Identifier: Apache-2.0
import SwipeBackCore

/// The configuration keys as text for people: the README's table and `swipeback help config`,
/// both written from `Configuration.keys`, so they cannot disagree with the reader.
public enum ConfigurationReference {
    /// docs/CONFIGURATION.md's Markdown table: key, default, unit, range, meaning; one row per key in table order.
    public static func markdownTable() -> String {
        var text = "| key | default | unit | range | meaning |\n|---|---|---|---|---|\n"
        for key in Configuration.keys {
            let range: String
            if case .choice(let choices) = key.kind {
                range = choices.map { "`\($0)`" }.joined(separator: ", ")
            } else {
                range = key.rangeText
            }
            text += "| `\(key.name)` | `\(key.defaultText)` | \(key.unit) | \(range) | \(key.summary) |\n"
        }
        return text
    }

    /// Plain text for a terminal: each key with its default, unit and range, then its meaning indented.
    public static func plainText() -> String {
        var text = ""
        for key in Configuration.keys {
            var facts = ["default " + key.defaultText]
            if !key.unit.isEmpty { facts.append(key.unit) }
            if !key.rangeText.isEmpty { facts.append(key.rangeText) }
            text += key.name + " (" + facts.joined(separator: "; ") + ")\n    " + key.summary + "\n"
        }
        return text
    }

    /// docs/CONFIGURATION.md's table of feels: one row per key a feel sets, one column per feel (`Feel.settings`).
    public static func feelTable() -> String {
        let feels = Feel.allCases
        var text = "| key | " + feels.map { "`\($0.rawValue)`" }.joined(separator: " | ") + " |\n"
        text += "|---|" + String(repeating: "---|", count: feels.count) + "\n"
        for setting in Feel.uikit.settings {
            let values = feels.map { feel in feel.settings.first { $0.key == setting.key }.map { valueText($0.value) } ?? "" }
            text += "| `\(setting.key)` | " + values.joined(separator: " | ") + " |\n"
        }
        return text
    }

    /// Where each feel's values come from: one list per feel, key by key (values to 5 decimals).
    public static func feelSources() -> String {
        var text = ""
        for feel in Feel.allCases {
            text += "- `\(feel.rawValue)`:\n"
            for setting in feel.settings { text += "  - `\(setting.key)` \(valueText(setting.value)): \(setting.source)\n" }
        }
        return text
    }

    private static func valueText(_ value: Configuration.Value) -> String {
        switch value {
        case .number(let n): return Configuration.numberText((n * 100_000).rounded() / 100_000)
        case .boolean(let b): return b ? "true" : "false"
        case .string(let s): return s ?? "null"
        case .strings(let list): return list.joined(separator: ", ")
        case .integers(let list): return list.map(String.init).joined(separator: ", ")
        }
    }
}
