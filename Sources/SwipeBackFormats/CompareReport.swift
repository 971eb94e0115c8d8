// SPDX-License-Identifier: Apache-2.0
/// The lines `swipeback replay --compare` prints (SPEC section 5): one per released swipe with its
/// decision under each configuration, then the count of those that differ.
public enum CompareReport {
    /// `{"t": ms, "stack": id, ["scenario": path,] "a": decision, "b": decision}`.
    ///
    /// - Parameters:
    ///   - t: the release's time, ms.
    ///   - stack: the stack's id.
    ///   - scenario: the scenario's path, given when several are compared; nil for one.
    ///   - a: the decision under configuration A (`commit` or `cancel`).
    ///   - b: the decision under configuration B.
    public static func line(t: Double, stack: String, scenario: String?, a: String, b: String) -> String {
        var fields: [(String, LogValue)] = [("t", .number(t)), ("stack", .string(stack))]
        if let scenario { fields.append(("scenario", .string(scenario))) }
        fields += [("a", .string(a)), ("b", .string(b))]
        return EventLogWriter.json(.object(fields))
    }

    /// `{"differ": N, "total": M}`: how many of the `total` released swipes were decided differently.
    public static func summary(differ: Int, total: Int) -> String {
        EventLogWriter.json(.object([("differ", .number(Double(differ))), ("total", .number(Double(total)))]))
    }
}
