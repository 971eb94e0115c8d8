// SPDX-License-Identifier: Apache-2.0
import Foundation
import SwipeBackTestSupport


/// Mutants of a fixture's bytes, each a kind of hostile input issue 19 names: flipped bytes,
/// truncations, values of the wrong kind, huge and non-finite numbers, deep nesting, long
/// strings, invalid UTF-8, NUL bytes and control characters.
struct Mutator {
    var random: SplitMix64

    init(seed: UInt64) { random = SplitMix64(seed: seed) }

    private static let numbers = ["1e308", "1e309", "-1e400", "1e-400", "NaN", "Infinity", "-0", "99999999999999999999999",
                                  "9007199254740993", "1e18", "-1", "0.0000001", "4.9e-324", "1e12", "2147483648"]
    private static let values = ["null", "true", "[]", "{}", "\"\"", "\"x\"", "0", "[[[]]]", "{\"a\": 1}", "\"\\ud800\"",
                                 "\"do\\nwn\"", "\"\\u001b[2J\"", "\"\\u0000\""]
    private static let badBytes: [[UInt8]] = [[0xFF], [0xC3, 0x28], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0x00],
                                              [0x1B, 0x5B, 0x32, 0x4A], [0x0A], [0x0D], [0xC0, 0x80], [0xE2, 0x82]]

    /// One mutant of `bytes`.
    mutating func mutate(_ bytes: [UInt8]) -> [UInt8] {
        guard !bytes.isEmpty else { return [0x7B] }
        var out = bytes
        let at = Int.random(in: 0..<out.count, using: &random)
        switch Int.random(in: 0..<11, using: &random) {
        case 0: // flip a bit
            out[at] ^= 1 << UInt8.random(in: 0..<8, using: &random)
        case 1: // truncate
            out.removeSubrange(at...)
        case 2: // a number or literal replaced by a huge, tiny or non-finite one
            replaceToken(&out, at: at, with: Self.numbers.randomElement(using: &random)!)
        case 3: // a value of the wrong kind
            replaceToken(&out, at: at, with: Self.values.randomElement(using: &random)!)
        case 4: // deep nesting
            let depth = [63, 64, 65, 200, 10_000].randomElement(using: &random)!
            out.insert(contentsOf: Array(repeating: UInt8(ascii: "["), count: depth) + Array(repeating: UInt8(ascii: "]"), count: depth)
                       + [UInt8(ascii: ",")], at: at)
        case 5: // a long string
            let length = [61, 1000, 70_000].randomElement(using: &random)!
            out.insert(contentsOf: Array(("\"" + String(repeating: "é", count: length) + "\"").utf8), at: at)
        case 6: // invalid UTF-8, NUL and control bytes
            out.insert(contentsOf: Self.badBytes.randomElement(using: &random)!, at: at)
        case 7: // delete a run
            out.removeSubrange(at..<min(out.count, at + Int.random(in: 1...40, using: &random)))
        case 8: // duplicate a run (a key twice, a line twice)
            let run = Array(out[at..<min(out.count, at + Int.random(in: 1...200, using: &random))])
            out.insert(contentsOf: run, at: at)
        case 9: // a random byte
            out[at] = UInt8.random(in: 0...255, using: &random)
        default: // two mutations at once
            out = mutate(mutate(out))
        }
        return out
    }

    /// Replaces the JSON token around `at` (a run of letters, digits, signs, dots) with `text`.
    private func replaceToken(_ bytes: inout [UInt8], at: Int, with text: String) {
        func inToken(_ b: UInt8) -> Bool {
            (0x30...0x39).contains(b) || (0x41...0x5A).contains(b) || (0x61...0x7A).contains(b) || b == 0x2E || b == 0x2D || b == 0x2B
        }
        var start = at, end = at
        while start > 0, inToken(bytes[start - 1]) { start -= 1 }
        while end < bytes.count, inToken(bytes[end]) { end += 1 }
        bytes.replaceSubrange(start..<end, with: Array(text.utf8))
    }
}
