// SPDX-License-Identifier: Apache-2.0
/// The font family and the language a page's text is set in (SPEC section 2, `font` and `lang`).
///
/// Either part may be nil: an element's nil part takes its page's, a page's nil family takes the
/// configuration's `fontFamily` and a nil language the locale's. Characters the family lacks come
/// from the system's fonts, chosen for the language as a browser chooses them for HTML's `lang`
/// (Han characters, for one, take Japanese forms under `ja` and Simplified Chinese ones under `zh-CN`).
public struct TextFont: Hashable, Sendable {
    /// A fontconfig family name, like `"Noto Sans"`, or nil for the enclosing one.
    public var family: String?
    /// A BCP 47 language tag, like `"ja"` or `"zh-CN"`, or nil for the enclosing one.
    public var language: String?

    /// Creates a font choice.
    ///
    /// - Parameters:
    ///   - family: a fontconfig family name, or nil for the enclosing one.
    ///   - language: a BCP 47 language tag, or nil for the enclosing one.
    public init(family: String? = nil, language: String? = nil) {
        self.family = family
        self.language = language
    }

    /// This choice with its nil parts taken from `outer` (an element's over its page's).
    public func over(_ outer: TextFont) -> TextFont {
        TextFont(family: family ?? outer.family, language: language ?? outer.language)
    }

    /// What is wrong with `family` as a font family name, or nil when nothing is: it must have a
    /// character other than white space, no control characters (fontconfig's names end at a NUL)
    /// and at most 200 bytes (longer than any family fontconfig lists).
    public static func familyProblem(_ family: String) -> String? {
        if family.allSatisfy(\.isWhitespace) { return "a family name like \"Noto Sans\"" }
        if family.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return "a family name without control characters"
        }
        if family.utf8.count > 200 { return "a family name of at most 200 bytes" }
        return nil
    }

    /// Whether `tag` has the shape of a BCP 47 language tag: subtags of 1 to 8 ASCII letters or
    /// digits joined by `-`, the first of 2 to 3 letters (`ja`, `zh-Hant-TW`, `hi-IN`) or the
    /// private-use and grandfathered prefixes `x` and `i` (`x-kiosk`, `i-klingon`), at most 35
    /// characters (RFC 5646's bound for a tag without extensions).
    public static func isLanguageTag(_ tag: String) -> Bool {
        guard tag.utf8.count <= 35 else { return false }
        let subtags = tag.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = subtags.first, first.allSatisfy({ $0.isASCII && $0.isLetter }),
              (2...3).contains(first.count) || (subtags.count > 1 && ["x", "i", "X", "I"].contains(first)) else {
            return false
        }
        return subtags.dropFirst().allSatisfy { (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
    }
}
