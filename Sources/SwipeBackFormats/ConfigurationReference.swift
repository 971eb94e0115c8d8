import SwipeBackCore

/// The configuration keys as text for people: the README's table and `swipeback help config`,
/// both written from `Configuration.keys`, so they cannot disagree with the reader.
public enum ConfigurationReference {
    /// The README's Markdown table: key, default, unit, range, meaning; one row per key in table order.
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
}
