// SPDX-License-Identifier: Apache-2.0
import CCairo // cairo itself, for a page that draws its own content
import SwipeBack

/// A page written in Swift: a title, one button of its own drawing, and a swipe it can veto.
final class GreetingPage: Page, CairoDrawing {
    init() {
        super.init(id: "greeting", title: "Hello")
        // Refuse swipes that start in the top 100 px of the stack.
        shouldBeginInteractivePop = { start in start.y > 100 }
    }

    override func didAppear() { print("greeting appeared") }

    func draw(_ cr: OpaquePointer, width: Double, height: Double) {
        cairo_set_source_rgb(cr, 0.2, 0.5, 0.9)
        cairo_rectangle(cr, 40, 120, width - 80, 200)
        cairo_fill(cr)
    }

    override func element(at point: Point) -> String? {
        point.y >= 120 && point.y < 320 ? "panel" : nil
    }

    override func didTap(_ element: String) { print("tapped \(element)") }
}

let home = Page(id: "home", title: "Home")
let navigator = try Navigator(stacks: [Navigator.Stack(root: .page(home))], width: 800, height: 600)
navigator.push(GreetingPage(), animated: false)

// Watch the back swipe as it happens.
let token = navigator.observeInteractivePop { event in print(event) }
try navigator.run(title: "My app")
token.cancel()
