// SPDX-License-Identifier: Apache-2.0
// An app on SwipeBack's public API only: two Swift pages and one from a document, a custom back
// button, a swipe toggle, a live gesture readout and a split view.
//
//   swift run SwipeBackExample            (needs an X display: DISPLAY=:0, or Xvfb)
//   swift run SwipeBackExample --own-loop (the same window, driven from a poll loop of the app's own)
import Foundation
import CCairo // cairo itself, for a page that draws its own content
import SwipeBack

/// The list on the left of the split view: a Swift page that draws its own rows.
final class LibraryPage: Page, CairoDrawing {
    let rows = ["Inbox", "Archive", "Drafts"]

    init() { super.init(id: "library", title: "Library") }

    func draw(_ cr: OpaquePointer, width: Double, height: Double) {
        for (i, row) in rows.enumerated() {
            let y = 56 + Double(i) * 48
            cairo_set_source_rgb(cr, 0.85, 0.87, 0.9)
            cairo_rectangle(cr, 16, y + 47, width - 32, 1)
            cairo_fill(cr)
            cairo_set_source_rgb(cr, 0.1, 0.1, 0.12)
            cairo_move_to(cr, 20, y + 30)
            cairo_set_font_size(cr, 16)
            cairo_show_text(cr, row)
        }
    }

    override func element(at point: Point) -> String? {
        let index = Int((point.y - 56) / 48)
        return point.y >= 56 && index < rows.count ? rows[index] : nil
    }

    override func didTap(_ element: String) {
        navigator?.push(FolderPage(name: element), on: "main")
    }
}

/// A folder: custom back button, its own swipe switch, and a live readout of the swipe.
final class FolderPage: Page, CairoDrawing {
    private var readout = "idle"
    private var observation: ObservationToken?

    init(name: String) {
        super.init(id: "folder", title: name, backButton: .custom, elements: [
            PageElement(id: "back", kind: .button(label: "‹ Done", action: .pop)),
            PageElement(id: "swipe", kind: .toggle(label: "Swipe back", bind: "interactivePop")),
            PageElement(id: "about", kind: .button(label: "About", action: .push("about"))),
        ])
        willSwipeBack = { FileHandle.standardOutput.write("will swipe back\n".data(using: .utf8)!) }
    }

    override func didAppear() {
        guard observation == nil, let navigator else { return }
        // Owned by this page: it ends when the page is popped.
        observation = navigator.observeInteractivePop(of: "main", owner: self) { [weak self] event in
            self?.readout = "\(event)"
            self?.setNeedsDisplay()
        }
    }

    func draw(_ cr: OpaquePointer, width: Double, height: Double) {
        cairo_set_source_rgb(cr, 0.3, 0.3, 0.35)
        cairo_move_to(cr, 20, height - 24)
        cairo_set_font_size(cr, 14)
        cairo_show_text(cr, readout)
    }
}

do {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    let document = try PagesDocumentReader.read(path: folder.appendingPathComponent("pages.json").path)
    let navigator = try Navigator(
        stacks: [
            Navigator.Stack(id: "sidebar", frame: Rect(x: 0, y: 0, width: 320, height: 640), root: .page(LibraryPage())),
            Navigator.Stack(id: "main", frame: Rect(x: 320, y: 0, width: 704, height: 640), root: .document("about")),
        ],
        document: document, width: 1024, height: 640)
    navigator.push(FolderPage(name: "Inbox"), on: "main", animated: false)
    // The app's own WM_CLASS and icon: a desktop file with StartupWMClass=SwipeBackExample matches it.
    let icons = folder.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Assets/icons")
    let iconFiles = [48, 128].map { icons.appendingPathComponent("swipeback-\($0).png").path }
    if CommandLine.arguments.dropFirst().first == "--own-loop" {
        // An app with a loop of its own: it polls the window's descriptor beside its own and
        // calls step() as each step asks. SIGINT and SIGTERM close the window (step says .closed).
        NavigatorWindow.closeOnSignals()
        let window = try navigator.openWindow(title: "SwipeBack example", windowClass: ("swipeback-example", "SwipeBackExample"),
                                              iconFiles: iconFiles)
        var watched = [pollfd(fd: try window.eventDescriptor(), events: Int16(POLLIN), revents: 0)]
        var steps = 0
        loop: while true {
            steps += 1
            switch try window.step() {
            case .closed: break loop
            case .again: continue
            case .waitForInput(let timeout): _ = poll(&watched, 1, timeout.map { Int32($0.rounded(.up)) } ?? -1)
            case .pause(let milliseconds): usleep(useconds_t(milliseconds * 1000))
            }
        }
        print("own loop: the window closed after \(steps) steps")
    } else {
        try navigator.run(title: "SwipeBack example", windowClass: ("swipeback-example", "SwipeBackExample"), iconFiles: iconFiles)
    }
} catch {
    FileHandle.standardError.write("SwipeBackExample: \(error)\n".data(using: .utf8)!)
    exit(1)
}
