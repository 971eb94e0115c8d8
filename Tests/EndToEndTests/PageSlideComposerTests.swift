// SPDX-License-Identifier: Apache-2.0
import CCairo
import CX11
import Foundation
import SwipeBackCore
import SwipeBackRender
import SwipeBackSystem
import SwipeBackX11
import SwipeBackXTesting
import XCTest

/// The page style composed in the X server (`PageSlideComposer`, XRender) against the client's
/// drawing of the same frame (`PageSlidePainter`, cairo), under Xvfb, without and with a
/// compositor (picom): the server's copy of the screen is what `XGetImage` of the root reads, and
/// each frame matches within `tolerance` for both edges at several offsets and dims.
final class PageSlideComposerTests: XCTestCase {
    /// The largest difference of a channel allowed, in levels of 255: the dim's black and the
    /// shadow's gradient reach pixman as 16-bit colours from the server and from cairo's doubles,
    /// and a server on another pixman (or a GPU's, glamor) may round them a level or two apart; the
    /// copies themselves are exact. Measured here (Xvfb 21.1.7 and cairo on the same pixman 0.42):
    /// 0, every pixel equal.
    static let tolerance = 2

    /// Where the app's window is, root px (a rectangle with a pattern that shows any shift).
    static let rect = (x: 30, y: 20, width: 300, height: 180)

    func testTheServerCopyAndFramesMatchThePainter() throws {
        let server = try XvfbServer(width: 640, height: 400)
        try check(server.display)
    }

    /// Under picom (XRender backend) the windows are redirected and the screen is picom's overlay
    /// window: the copy from the root including its children is still the screen as shown.
    func testTheServerCopyAndFramesMatchThePainterUnderACompositor() throws {
        let server = try XvfbServer(width: 640, height: 400)
        let session = try WindowManagerSession(displayName: server.displayName, display: server.display, compositing: true)
        try check(server.display)
        withExtendedLifetime(session) {}
    }

    /// The pattern: every pixel differs from its neighbours in every channel.
    private func pattern(width: Int, height: Int) throws -> ImageSurface {
        let surface = try ImageSurface(width: width, height: height, opaque: true)
        for y in 0..<height {
            let row = UnsafeMutableRawPointer(surface.data + y * surface.stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width {
                let r = UInt32((x * 5 + y) & 0xFF), g = UInt32((y * 3 + x * 2) & 0xFF), b = UInt32(((x + y) * 11) & 0xFF)
                row[x] = 0xFF00_0000 | r << 16 | g << 8 | b
            }
        }
        surface.markDirty()
        return surface
    }

    private func check(_ display: OpaquePointer) throws {
        X11ErrorTrap.register(display)
        defer { X11ErrorTrap.unregister(display) }
        let rect = Self.rect
        let snapshot = try pattern(width: rect.width, height: rect.height)
        // The app: an override-redirect window with the pattern (no window manager frames it).
        let root = XDefaultRootWindow(display), screen = XDefaultScreen(display)
        var attributes = XSetWindowAttributes()
        attributes.override_redirect = 1
        let window = XCreateWindow(display, root, Int32(rect.x), Int32(rect.y), UInt32(rect.width), UInt32(rect.height), 0,
                                   XDefaultDepth(display, screen), UInt32(InputOutput), XDefaultVisual(display, screen),
                                   UInt(CWOverrideRedirect), &attributes)
        defer { XDestroyWindow(display, window); XSync(display, 0) }
        XMapRaised(display, window)
        XSync(display, 0)
        let gc = try XCTUnwrap(XCreateGC(display, window, 0, nil))
        defer { XFreeGC(display, gc) }
        let expected = pixels(of: snapshot)
        // Put until the screen shows it (under a compositor, once picom has painted the window).
        let shown = waitUntil(timeout: 10) {
            let image = XCreateImage(display, XDefaultVisual(display, screen), 24, ZPixmap, 0, nil, UInt32(rect.width), UInt32(rect.height),
                                     32, Int32(snapshot.stride))!
            image.pointee.data = UnsafeMutableRawPointer(snapshot.data).assumingMemoryBound(to: CChar.self)
            image.pointee.byte_order = LSBFirst
            XPutImage(display, window, gc, image, 0, 0, 0, 0, UInt32(rect.width), UInt32(rect.height))
            image.pointee.data = nil
            swipeback_destroy_image(image)
            XSync(display, 0)
            return screenPixels(display, x: rect.x, y: rect.y, width: rect.width, height: rect.height) == expected
        }
        XCTAssertTrue(shown, "the app's pattern never showed on the screen")

        var composer: PageSlideComposer? = try PageSlideComposer(display: display, x: rect.x, y: rect.y, width: rect.width,
                                                                 height: rect.height)
        let copy = screenPixels(display, x: 0, y: 0, width: rect.width, height: rect.height, window: composer!.snapshotPixmap)
        XCTAssertEqual(copy, screenPixels(display, x: rect.x, y: rect.y, width: rect.width, height: rect.height),
                       "the server's copy is the screen as XGetImage reads it")

        let configuration = Configuration()
        let reference = try ImageSurface(width: rect.width, height: rect.height, opaque: true)
        for edge in SystemEdge.allCases {
            for (offset, dim) in [(0, 0.1), (1, 0.1), (9, 0.25), (120, 0.45), (299, 0.6), (300, 0.6), (450, 0.3)] {
                try reference.draw {
                    PageSlidePainter.draw($0, snapshot: snapshot, offset: Double(offset), edge: edge, backdropDim: dim,
                                          configuration: configuration)
                }
                reference.flush()
                try X11ErrorTrap.bracket(display, "composing a frame") {
                    composer!.compose(offset: Double(offset), edge: edge, backdropDim: dim, shadowWidth: configuration.shadowWidth)
                }
                let got = screenPixels(display, x: 0, y: 0, width: rect.width, height: rect.height, window: composer!.backPixmap)
                let want = pixels(of: reference)
                XCTAssertEqual(got.count, want.count)
                var worst = 0, changed = 0
                for (a, b) in zip(got, want) {
                    let difference = zip(a, b).map { abs($0 - $1) }.max() ?? 0
                    worst = max(worst, difference)
                    if difference > 0 { changed += 1 }
                }
                XCTAssertLessThanOrEqual(worst, Self.tolerance,
                                         "\(edge) edge, offset \(offset), dim \(dim): \(changed) pixels differ, by at most \(worst)")
            }
        }
        // Shown in a window, freed without an error.
        try X11ErrorTrap.bracket(display, "presenting and freeing") {
            composer!.present(on: window, gc: gc)
            composer = nil
        }
    }

    /// An opaque surface's pixels as [red, green, blue], row by row.
    private func pixels(of surface: ImageSurface) -> [[Int]] {
        var result: [[Int]] = []
        result.reserveCapacity(surface.width * surface.height)
        for y in 0..<surface.height {
            for x in 0..<surface.width {
                let p = surface.pixel(x: x, y: y)
                result.append([Int(p >> 16 & 0xFF), Int(p >> 8 & 0xFF), Int(p & 0xFF)])
            }
        }
        return result
    }
}
