// SPDX-License-Identifier: Apache-2.0
import Foundation
import XCTest
import SwipeBackFormats

/// `swipeback system` with a real app: Debian's Chromium on the Xorg touch server, its page read
/// through DevTools. A tap on a link reaches it through the grab and opens the next page; an edge
/// swipe sends back, and Chromium goes back, in both feedback styles.
final class SystemChromiumTests: XCTestCase {
    private func run(style: String, desktop: Bool = false) throws {
        let server = try XorgTouchServer()
        // On a desktop: openbox manages Chromium (the back goes to the client inside its frame,
        // activated by _NET_ACTIVE_WINDOW) and picom composites (the arrow is ARGB).
        let windowManager = desktop ? try WindowManagerSession(displayName: server.displayName, display: server.display, compositing: true) : nil
        let touch = try TouchInjector(socketPath: server.touchSocket, screenWidth: server.width, screenHeight: server.height)
        let site = FileManager.default.temporaryDirectory.appendingPathComponent("swipeback-site-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: site) }
        // A link filling the middle of the first page; the second page plain.
        try """
            <!doctype html><title>first</title><body style="margin:0">
            <a href="second.html" style="position:absolute;left:200px;top:200px;width:880px;height:400px;background:#48c;display:block">next</a>
            """.write(to: site.appendingPathComponent("first.html"), atomically: true, encoding: .utf8)
        try "<!doctype html><title>second</title><body style=\"background:#eee\">second page".write(
            to: site.appendingPathComponent("second.html"), atomically: true, encoding: .utf8)
        let configuration = site.appendingPathComponent("config.json")
        try "{\"systemStyle\": \"\(style)\"}".write(to: configuration, atomically: true, encoding: .utf8)
        let chromium = try ChromiumProcess(display: server.displayName, url: site.appendingPathComponent("first.html").absoluteString,
                                           width: server.width, height: server.height)
        try chromium.waitForURL(endingWith: "first.html")
        let system = try DemoProcess(executable: try Paths.swipeback, display: server.displayName,
                                     arguments: ["--config", configuration.path], command: ["system"], logFrames: false)
        try system.waitFor("the grab") { $0.contains { $0.string("event") == "started" } }
        // Chromium draws its first page a moment after its URL is known: tap once it is on screen.
        waitUntil(timeout: 20, every: 50) { server.pixelsAt(x: 640, y: 400) == [0x44, 0x88, 0xCC] }
        XCTAssertEqual(server.pixelsAt(x: 640, y: 400), [0x44, 0x88, 0xCC], "the link is on screen")

        try touch.play(TouchStep.tap(1, x: 640, y: 400, holding: 50))
        try chromium.waitForURL(endingWith: "second.html")

        try touch.play(TouchStep.line(2, from: (3, 400), to: (303, 400)))
        let log = try system.waitFor("the back") { $0.contains { $0.string("event") == "sent" } }
        try chromium.waitForURL(endingWith: "first.html")
        let sent = try XCTUnwrap(log.first { $0.string("event") == "sent" })
        XCTAssertEqual(sent.string("action"), "button:8")
        XCTAssertEqual((sent.string("class"))?.lowercased(), "chromium")
        XCTAssertEqual(log.filter { $0.string("event") == "rejected" }.first?.string("reason"), "outside", "the tap went to Chromium")
        withExtendedLifetime(windowManager) {}
    }

    func testArrowStyleTapThroughAndSwipeBackInChromium() throws { try run(style: "arrow") }

    func testPageStyleTapThroughAndSwipeBackInChromium() throws { try run(style: "page") }

    func testOnADesktopWithOpenboxAndPicom() throws { try run(style: "arrow", desktop: true) }
}
