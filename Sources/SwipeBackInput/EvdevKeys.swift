// SPDX-License-Identifier: Apache-2.0
import SwipeBackCore

/// The evdev key codes of the key names a chord may use at the device level (`swipeback input`'s
/// virtual keyboard): the X names of the keys on a US layout's keyboard, as evdev numbers them
/// (`linux/input-event-codes.h`), and the mouse buttons by X number.
public enum EvdevKeys {
    /// `KEY_BACK` and `KEY_FORWARD`: what `XF86Back` and `XF86Forward` are.
    public static let back: UInt16 = 158, forward: UInt16 = 159

    /// The modifiers' keys: the left ones.
    public static func code(of modifier: KeyChord.Modifier) -> UInt16 {
        switch modifier {
        case .ctrl: 29 // KEY_LEFTCTRL
        case .alt: 56 // KEY_LEFTALT
        case .shift: 42 // KEY_LEFTSHIFT
        case .superKey: 125 // KEY_LEFTMETA
        }
    }

    private static let named: [String: UInt16] = [
        "XF86Back": back, "XF86Forward": forward, "XF86Reload": 173, "XF86Refresh": 173, "XF86HomePage": 172,
        "Left": 105, "Right": 106, "Up": 103, "Down": 108, "Home": 102, "End": 107, "Prior": 104, "Page_Up": 104,
        "Next": 109, "Page_Down": 109, "Insert": 110, "Delete": 111, "Escape": 1, "BackSpace": 14, "Tab": 15, "Return": 28,
        "space": 57, "minus": 12, "equal": 13, "bracketleft": 26, "bracketright": 27, "semicolon": 39, "apostrophe": 40,
        "grave": 41, "backslash": 43, "comma": 51, "period": 52, "slash": 53,
        "F1": 59, "F2": 60, "F3": 61, "F4": 62, "F5": 63, "F6": 64, "F7": 65, "F8": 66, "F9": 67, "F10": 68, "F11": 87, "F12": 88,
    ]

    /// Letters and digits by their place on the keyboard's rows.
    private static let rows: [(String, UInt16)] = [("1234567890", 2), ("QWERTYUIOP", 16), ("ASDFGHJKL", 30), ("ZXCVBNM", 44)]

    /// The evdev code of a key's X name (`Left`, `XF86Back`, `Q`, `5`); nil for a name the
    /// virtual keyboard does not have.
    public static func code(ofKey name: String) -> UInt16? {
        if let code = named[name] { return code }
        guard name.count == 1 else { return nil }
        let key = name.uppercased()
        for (row, first) in rows {
            if let index = row.firstIndex(of: Character(key)) { return first + UInt16(row.distance(from: row.startIndex, to: index)) }
        }
        return nil
    }

    /// Every key the virtual keyboard has: the modifiers and every named key, letter and digit.
    public static var all: [UInt16] {
        let letters = rows.flatMap { row, first in (0..<row.count).map { first + UInt16($0) } }
        return Array(Set(KeyChord.Modifier.allCases.map(code(of:)) + named.values + letters)).sorted()
    }

    /// The codes of a chord, modifiers first; nil when it names a key the virtual keyboard does
    /// not have.
    public static func codes(ofChord chord: KeyChord) -> [UInt16]? {
        guard let key = code(ofKey: chord.key) else { return nil }
        return chord.modifiers.map(code(of:)) + [key]
    }

    /// The evdev button of an X mouse button: 1 `BTN_LEFT`, 2 `BTN_MIDDLE`, 3 `BTN_RIGHT`, 8
    /// `BTN_SIDE` (back), 9 `BTN_EXTRA` (forward); nil for another (4 to 7 are X's scroll buttons).
    public static func button(_ number: Int) -> UInt16? {
        switch number {
        case 1: 0x110
        case 2: 0x112
        case 3: 0x111
        case 8: 0x113
        case 9: 0x114
        default: nil
        }
    }
}
