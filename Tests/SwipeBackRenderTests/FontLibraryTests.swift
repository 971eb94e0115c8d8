// SPDX-License-Identifier: Apache-2.0
import CCairo
import XCTest
import SwipeBackCore
import SwipeBackFormats
@testable import SwipeBackRender

/// SwipeBack draws text with a font map of its own (so an app that embeds it keeps the process's
/// default Pango font map), holding the shipped DejaVu Sans first and the system's fonts behind
/// it. The language tests need Debian's fonts-noto-cjk, fonts-noto-core and fonts-noto-color-emoji
/// (`make test` installs them).
final class FontLibraryTests: XCTestCase {
    private static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    override func setUpWithError() throws {
        try FontLibrary.loadDefault()
    }

    func testTheFontsLiveInAPrivateFontMapNotTheDefaultOne() throws {
        let own = try XCTUnwrap(FontLibrary.fontMap)
        let standard = try XCTUnwrap(pango_cairo_font_map_get_default())
        XCTAssertNotEqual(UnsafeRawPointer(own), UnsafeRawPointer(standard), "the default font map is the app's, not replaced")
        var families: UnsafeMutablePointer<UnsafeMutablePointer<PangoFontFamily>?>?
        var count: Int32 = 0
        pango_font_map_list_families(own, &families, &count)
        defer { g_free(families) }
        let names = Set((0..<Int(count)).compactMap { families?[$0].flatMap { pango_font_family_get_name($0) }.map { String(cString: $0) } })
        XCTAssertTrue(names.contains(FontLibrary.family))
        XCTAssertTrue(names.contains("Noto Sans CJK JP"), "the system's fonts are behind the shipped one")
    }

    /// Latin, Greek, Cyrillic, Hebrew and Arabic come from the shipped files, never a system copy of
    /// DejaVu Sans (Debian's fonts-dejavu-core is installed beside them here).
    func testTheShippedFilesAreTheOnlyDejaVuSans() throws {
        let assets = try AssetLocator.assetsDirectory()
        for bold in [false, true] {
            let runs = FontLibrary.runs(in: "Swipe back · Ελληνικά · Кириллица · עברית · العربية", font: TextFont(), bold: bold)
            XCTAssertFalse(runs.isEmpty)
            for run in runs {
                XCTAssertEqual(run.family, "DejaVu Sans", run.text)
                XCTAssertTrue(run.file.hasPrefix(assets + "/fonts/DejaVuSans"), "\(run.text): \(run.file)")
            }
        }
        XCTAssertTrue(FileManager.default.fileExists(atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"),
                      "the system's own DejaVu Sans is installed, so this test shows it is left out")
    }

    /// Each language's text is drawn whole (no unknown glyph) by the font fontconfig's rules pick
    /// for that language: the Japanese, Chinese and Korean forms of Noto Sans CJK, Noto's
    /// Devanagari and Thai, the shipped DejaVu Sans for Arabic, Noto Color Emoji for emoji.
    func testEveryLanguageOfTheFixtureIsDrawnWithoutBoxesInItsLanguagesFont() throws {
        let document = try PagesDocumentReader.read(path: Self.fixtures.appendingPathComponent("languages/pages.json").path)
        let page = try XCTUnwrap(document.pages["hello"])
        let expected = ["ja": "Noto Sans CJK JP", "zh-CN": "Noto Sans CJK SC", "ko": "Noto Sans CJK KR", "hi": "Noto Sans Devanagari",
                        "th": "Noto Sans Thai", "ar": "DejaVu Sans"]
        var checked = 0
        for (index, element) in page.elements.enumerated() {
            guard case .text(let text) = element.kind else { continue }
            let font = page.font(ofElement: index)
            XCTAssertEqual(FontLibrary.unknownGlyphCount(in: text, font: font), 0, text)
            XCTAssertEqual(FontLibrary.unshownCharacters(in: text, font: font), [], text)
            let families = Set(FontLibrary.runs(in: text, font: font).filter { $0.text.contains { !$0.isWhitespace && !$0.isPunctuation } }
                .map(\.family))
            if let language = font.language {
                XCTAssertEqual(families, [expected[language]!], text)
            } else {
                XCTAssertEqual(families, ["DejaVu Sans", "Noto Color Emoji"], text) // "Emoji:" and the emoji
            }
            checked += 1
        }
        XCTAssertEqual(checked, 7)
        XCTAssertEqual(FontLibrary.unknownGlyphCount(in: page.title, font: page.font, bold: true), 0)
        for other in document.pages.values { XCTAssertEqual(FontCheck.unshown(other, fontFamily: nil), [], other.id) }
        let world = try XCTUnwrap(document.pages["world"])
        guard case .button(let label, _) = world.elements[0].kind else { return XCTFail("the world page starts with a button") }
        XCTAssertEqual(FontLibrary.unknownGlyphCount(in: label, font: world.font, bold: true), 0)
        // Han characters take the page's language: Japanese forms under ja, Chinese under zh-CN.
        XCTAssertEqual(FontLibrary.runs(in: "東京", font: TextFont(language: "ja")).map(\.family), ["Noto Sans CJK JP"])
        XCTAssertEqual(FontLibrary.runs(in: "東京", font: TextFont(language: "zh-CN")).map(\.family), ["Noto Sans CJK SC"])
        XCTAssertEqual(FontLibrary.runs(in: "東京", font: TextFont(language: "zh-TW")).map(\.family), ["Noto Sans CJK TC"])
        // Pango keeps a page's language for Han only where its tables say the language writes Han,
        // which they do not for Korean: the language's own family (fontconfig's choice) does it.
        XCTAssertEqual(FontLibrary.runs(in: "直 骨 次", font: TextFont(language: "ko")).map(\.family), ["Noto Sans CJK KR"])
        XCTAssertEqual(FontLibrary.languageFamily("ko"), "Noto Sans CJK KR")
        XCTAssertEqual(FontLibrary.runs(in: "Swipe back", font: TextFont(language: "en")).map(\.family), ["DejaVu Sans"])
    }

    /// Emoji come in colour (Noto Color Emoji's bitmaps, drawn by cairo), not as black outlines,
    /// even the ones DejaVu Sans has in black (U+1F600).
    func testEmojiAreDrawnInColour() throws {
        for emoji in ["😀", "👍🏽", "🇯🇵"] {
            XCTAssertEqual(FontLibrary.runs(in: emoji, font: TextFont()).map(\.family), ["Noto Color Emoji"], emoji)
            let surface = try ImageSurface(width: 40, height: 40, opaque: true)
            var saturated = 0
            try surface.draw { cr in
                cairo_set_source_rgb(cr, 1, 1, 1)
                cairo_paint(cr)
                cairo_set_source_rgb(cr, 0, 0, 0)
                let layout = FontLibrary.layout(cr, text: emoji, sizePixels: 24, bold: false, wrapWidth: nil)
                defer { swipeback_g_object_unref(UnsafeMutableRawPointer(layout)) }
                cairo_move_to(cr, 4, 4)
                pango_cairo_show_layout(cr, layout)
            }
            surface.flush()
            for y in 0..<surface.height {
                for x in 0..<surface.width {
                    let p = UnsafeRawPointer(surface.data + y * surface.stride).load(fromByteOffset: x * 4, as: UInt32.self)
                    let channels = [Int(p >> 16 & 0xFF), Int(p >> 8 & 0xFF), Int(p & 0xFF)]
                    if channels.max()! - channels.min()! > 80 { saturated += 1 }
                }
            }
            XCTAssertGreaterThan(saturated, 40, "\(emoji): a colour glyph, not a black one")
        }
    }

    func testACharacterNoFontHasIsNamedOnceInOrder() {
        let text = "a\u{F0000}b\u{F0001}\u{F0000}"
        XCTAssertEqual(FontLibrary.unshownCharacters(in: text, font: TextFont()), ["\u{F0000}", "\u{F0001}"])
        XCTAssertEqual(FontLibrary.unknownGlyphCount(in: text, font: TextFont()), 3)
        XCTAssertEqual(FontLibrary.unshownCharacters(in: "", font: TextFont()), [])
    }

    func testAFamilyTheSystemLacksFallsBackToTheConfigurationsThenDejaVuSans() {
        XCTAssertTrue(FontLibrary.hasFamily("DejaVu Sans"))
        XCTAssertTrue(FontLibrary.hasFamily("noto serif"), "fontconfig compares families in any case")
        XCTAssertFalse(FontLibrary.hasFamily("No Such Family 42"))
        XCTAssertEqual(FontLibrary.drawnFamily("No Such Family 42", fallback: "Noto Serif"), "Noto Serif")
        XCTAssertEqual(FontLibrary.drawnFamily(nil, fallback: "Noto Serif"), "Noto Serif")
        XCTAssertEqual(FontLibrary.drawnFamily("Noto Sans", fallback: "Noto Serif"), "Noto Sans")
        XCTAssertEqual(FontLibrary.drawnFamily("No Such Family 42", fallback: "Nor This One"), "DejaVu Sans")
        XCTAssertTrue(FontLibrary.hasFamily("serif"), "generic families are fontconfig's to resolve")
        let serif = FontLibrary.runs(in: "Serif", font: TextFont(family: "serif")).map(\.family)
        XCTAssertTrue(serif.count == 1 && serif[0].hasSuffix("Serif"), "the system's serif (Noto Serif here): \(serif)")
        // A brand font without Latin: DejaVu Sans draws what it lacks, before the system's fallback.
        XCTAssertEqual(FontLibrary.runs(in: "Abc", font: TextFont(family: "Noto Music")).map(\.family), ["DejaVu Sans"])
        XCTAssertEqual(FontLibrary.runs(in: "Serif", font: TextFont(family: "Noto Serif")).map(\.family), ["Noto Serif"])
    }

    func testTheMeasurerSetsTextInTheFamilyItIsGiven() throws {
        let shipped = try TextMeasurer()
        let serif = try TextMeasurer(fontFamily: "Noto Serif")
        let text = "A paragraph long enough to wrap onto several lines at this width, in two families."
        XCTAssertNotEqual(shipped.textHeight(text, width: 200), serif.textHeight(text, width: 200))
        XCTAssertEqual(serif.textHeight(text, width: 200), shipped.textHeight(text, width: 200, font: TextFont(family: "Noto Serif")))
        XCTAssertEqual(serif.textHeight(text, width: 200, font: TextFont(family: "DejaVu Sans")), shipped.textHeight(text, width: 200))
        XCTAssertEqual(serif.drawnFont(TextFont(family: "No Such Family 42", language: "ja")), TextFont(family: "Noto Serif", language: "ja"))
    }

    func testTheDebianPackageNamedForACharacterIsTheOneWithItsScript() {
        XCTAssertEqual(FontLibrary.debianPackage(for: "東"), "fonts-noto-cjk")
        XCTAssertEqual(FontLibrary.debianPackage(for: "ア"), "fonts-noto-cjk")
        XCTAssertEqual(FontLibrary.debianPackage(for: "한"), "fonts-noto-cjk")
        XCTAssertEqual(FontLibrary.debianPackage(for: "न"), "fonts-noto-core")
        XCTAssertEqual(FontLibrary.debianPackage(for: "ก"), "fonts-noto-core")
        XCTAssertEqual(FontLibrary.debianPackage(for: "👋"), "fonts-noto-color-emoji")
        XCTAssertNil(FontLibrary.debianPackage(for: "\u{F0000}"))
    }

    /// Without the system's fonts for them (here: a fontconfig configuration with DejaVu alone is
    /// the one a fresh Debian has), `FontCheck` names what shows as boxes and the package that has it.
    func testTheCheckNamesTheCharactersAndTheFamiliesTheSystemLacks() throws {
        var page = PageDefinition(id: "p", title: "Title \u{F0000}", elements: [
            PageElement(kind: .text("x\u{F0001}")), PageElement(kind: .button(label: "\u{F0000}", action: .pop)),
        ])
        page.elements[0].font = TextFont(family: "No Such Family 42")
        var other = PageDefinition(id: "q", title: "Fine", elements: [PageElement(kind: .text("Fine"))])
        other.font.family = "No Such Family 42"
        other.elements[0].font.family = "No Such Family 42"
        let document = PagesDocument(pages: ["p": page, "q": other], stacks: [])
        let lines = try FontCheck.warnings(document: document, file: "pages.json", fontFamily: "Nor This One", configurationSource: "c.json")
        XCTAssertEqual(lines, [
            "c.json: \"fontFamily\" is \"Nor This One\", which no font on this system has; pages use DejaVu Sans (`fc-list : family` lists the families there are)",
            "pages.json: font \"No Such Family 42\" is not on this system (page \"p\" element 0, page \"q\", page \"q\" element 0);"
                + " that text uses the enclosing font instead (the page's, else DejaVu Sans)",
            "pages.json: page \"p\": no font on this system has \u{F0000} (U+F0000), \u{F0001} (U+F0001) (2 characters: they show as boxes)",
        ])
        // A package already installed is not named (here all three are).
        XCTAssertEqual(FontCheck.describe(Array("東京".unicodeScalars)),
                       "no font on this system has 東 (U+6771), 京 (U+4EAC) (2 characters: they show as boxes)")
        XCTAssertEqual(FontCheck.describe(Array("東京👋ก".unicodeScalars), installed: { _ in false }),
                       "no font on this system has 東 (U+6771), 京 (U+4EAC), 👋 (U+1F44B), ก (U+0E01) (4 characters: they show as boxes;"
                       + " Debian's fonts-noto-cjk, fonts-noto-color-emoji and fonts-noto-core have them)")
        let many = (0x4E00..<0x4E20).map { Unicode.Scalar($0)! }
        XCTAssertTrue(FontCheck.describe(many, installed: { _ in false }).contains(" and 20 more (32 characters:"))
    }
}
