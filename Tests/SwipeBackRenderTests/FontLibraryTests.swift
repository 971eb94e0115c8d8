// SPDX-License-Identifier: Apache-2.0
import CCairo
import XCTest
@testable import SwipeBackRender

/// SwipeBack draws text with a font map of its own, so an app that embeds it keeps the process's
/// default Pango font map (and its fonts) for its own text.
final class FontLibraryTests: XCTestCase {
    func testTheShippedFontsLiveInAPrivateFontMapNotTheDefaultOne() throws {
        try FontLibrary.loadDefault()
        let own = try XCTUnwrap(FontLibrary.fontMap)
        let standard = try XCTUnwrap(pango_cairo_font_map_get_default())
        XCTAssertNotEqual(UnsafeRawPointer(own), UnsafeRawPointer(standard), "the default font map is the app's, not replaced")
        // SwipeBack's map holds the shipped family only.
        var families: UnsafeMutablePointer<UnsafeMutablePointer<PangoFontFamily>?>?
        var count: Int32 = 0
        pango_font_map_list_families(own, &families, &count)
        defer { g_free(families) }
        let names = (0..<Int(count)).compactMap { families?[$0].flatMap { pango_font_family_get_name($0) }.map { String(cString: $0) } }
        // Pango adds its generic aliases to every map.
        XCTAssertEqual(Set(names).subtracting(["Sans", "Serif", "Monospace", "System-ui"]), [FontLibrary.family])
    }
}
