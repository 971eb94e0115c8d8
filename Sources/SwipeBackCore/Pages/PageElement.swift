// SPDX-License-Identifier: Apache-2.0
/// What a tap on a button does (SPEC section 2, `action`).
public enum ElementAction: Equatable, Sendable {
    /// Push the page with this id onto the same stack.
    case push(String)
    /// Pop the top page.
    case pop
    /// Pop to the stack's root page.
    case popToRoot
    /// Flip a boolean property of the page (today: `interactivePop`).
    case toggle(String)
}

/// One element of a page (SPEC section 2, `elements`).
public struct PageElement: Equatable, Sendable {
    /// The element's kind and its kind-specific content.
    public enum Kind: Equatable, Sendable {
        /// Wrapped text.
        case text(String)
        /// A PNG image; `src` relative to the pages document's folder.
        case image(src: String)
        /// A button with a label and an action.
        case button(label: String, action: ElementAction)
        /// A switch bound to a page property (`interactivePop`).
        case toggle(label: String, bind: String)
        /// A horizontal slider with a value in 0...1; claims horizontal drags.
        case slider(value: Double)
        /// A horizontally paged row of images; claims horizontal drags.
        case carousel(items: [String])
        /// A live readout of the gesture: phase, progress, velocity.
        case gestureStatus
    }

    /// The element's id (for the event log), or nil.
    public var id: String?
    /// Kind and content.
    public var kind: Kind
    /// `[x, y, width, height]` in px relative to the page's top-left, or nil to stack it under the header.
    public var frame: Rect?
    /// Height in px overriding the kind's default when stacked; nil for the default.
    public var height: Double?
    /// The family and language of the element's text; nil parts take the page's.
    public var font: TextFont = TextFont()

    /// Creates an element.
    public init(id: String? = nil, kind: Kind, frame: Rect? = nil, height: Double? = nil) {
        self.id = id
        self.kind = kind
        self.frame = frame
        self.height = height
    }

    /// The element's type name, as in the pages document.
    public var typeName: String {
        switch kind {
        case .text: return "text"
        case .image: return "image"
        case .button: return "button"
        case .toggle: return "toggle"
        case .slider: return "slider"
        case .carousel: return "carousel"
        case .gestureStatus: return "gestureStatus"
        }
    }

    /// Radius in px of a slider's knob; the track is inset by it so the knob stays inside the frame.
    public static let sliderKnobRadius = 12.0

    /// Whether a horizontal drag starting inside the element belongs to it (sliders and carousels).
    public var claimsHorizontalDrags: Bool {
        switch kind {
        case .slider, .carousel: return true
        default: return false
        }
    }

    /// Default height in px when stacked (SPEC section 2); nil for kinds measured from content.
    public var defaultHeight: Double? {
        switch kind {
        case .button, .toggle: return 48
        case .slider: return 40
        case .carousel: return 160
        case .gestureStatus: return 96
        case .text, .image: return nil
        }
    }
}
