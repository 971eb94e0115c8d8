// SPDX-License-Identifier: Apache-2.0
// The SwipeBack library for apps: the engine, pages written in Swift and drawn with cairo, and the
// X11 window that shows them.
import CCairo
@_exported import SwipeBackCore
@_spi(Engine) import SwipeBackCore
@_exported import SwipeBackFormats
@_exported import SwipeBackRender
import FoundationEssentials
import SwipeBackX11

/// A Swift page that draws content of its own with cairo.
///
/// Adopt it on a `Page` subclass. The drawing is kept as a snapshot; call `setNeedsDisplay()`
/// when what it shows changes.
public protocol CairoDrawing: AnyObject {
    /// Draws the page's own content.
    ///
    /// - Parameters:
    ///   - cr: the cairo context (`cairo_t *`), origin at the page's top-left, in layout units:
    ///     it is already scaled by `Navigator.layoutScale` (2 on a 192 dpi screen), so the drawing
    ///     follows the scale as the built-in elements do; the state is saved and restored around the call.
    ///   - width: the page's width in layout units (px / `layoutScale`).
    ///   - height: the page's height in layout units; the header bar (56 units) covers the top when shown.
    func draw(_ cr: OpaquePointer, width: Double, height: Double)
}

extension Navigator {
    /// Creates a navigator that measures text as it is drawn: in the configuration's `fontFamily`
    /// (default the shipped DejaVu Sans), with the system's fonts behind it.
    ///
    /// - Parameters: as `init(stacks:document:configuration:width:height:direction:measurer:log:)`.
    /// - Throws: `RenderError` when the font cannot be loaded.
    public convenience init(stacks: [Stack], document: PagesDocument = PagesDocument(pages: [:], stacks: []),
                            configuration: Configuration = Configuration(), width: Double = 1024, height: Double = 640,
                            direction: LayoutDirection = .leftToRight,
                            log: @escaping (TimedEvent) -> Void = { _ in }) throws {
        self.init(stacks: stacks, document: document, configuration: configuration, width: width, height: height,
                  direction: direction, measurer: try TextMeasurer(imageDirectory: document.baseDirectory, fontFamily: configuration.fontFamily),
                  log: log)
    }

    /// A compositor that draws this navigator's pages, Swift pages' own content included.
    ///
    /// - Throws: `RenderError` when the font cannot be loaded.
    public func makeCompositor() throws -> TransitionCompositor {
        let compositor = TransitionCompositor(measurer: try TextMeasurer(imageDirectory: model.document.baseDirectory,
                                                                           fontFamily: model.configuration.fontFamily))
        compositor.customContent = { [weak self] instance in
            guard let drawing = self?.page(for: instance) as? CairoDrawing else { return nil }
            return { [weak drawing] cr, width, height in drawing?.draw(cr, width: width, height: height) }
        }
        return compositor
    }

    /// Draws the whole window's current frame into `surface` (of the navigator's size, in px).
    ///
    /// - Parameter compositor: from `makeCompositor()`, kept between frames (it holds the snapshots).
    /// - Throws: `RenderError` when drawing fails.
    public func drawFrame(into surface: ImageSurface, using compositor: TransitionCompositor) throws {
        try compositor.compose(model.scene(), into: surface)
    }

    /// Opens an X11 window of the navigator's size on `$DISPLAY` and runs until it is closed.
    ///
    /// The layout scale (`layoutScale`) is `scale`, else `$SWIPEBACK_SCALE`, else the server's
    /// `Xft.dpi` / 96, followed live (an `xrdb -merge` redraws at the new scale).
    ///
    /// - Parameters:
    ///   - title: the window title (`WM_NAME`, `_NET_WM_NAME`).
    ///   - windowClass: the window's `WM_CLASS`: the app's instance name (its program's name) and
    ///     class (its desktop file's `StartupWMClass`, so docks show the app's launcher and icon);
    ///     nil (the default) gives `swipeback`, `SwipeBack`.
    ///   - iconFiles: PNG files of the app's icon, one per size (48, 128 and 256 px square are
    ///     usual), set as `_NET_WM_ICON`; empty (the default) sets no icon.
    ///   - scale: px per layout unit, in `LayoutScale.range`; nil (the default) follows `SWIPEBACK_SCALE` or `Xft.dpi`.
    /// - Throws: `ResourceScale.OverrideError` when `scale` or `SWIPEBACK_SCALE` is not a scale in
    ///   `LayoutScale.range`; `X11Error` when there is no display or it lacks XInput 2.2, or
    ///   `X11Error.connectionLost` when the X server goes away while it runs (the app goes on; the
    ///   window is gone); `RenderError` when an icon file is not a PNG or drawing fails. Each is a
    ///   `SwipeBackError`: one line, and the exit status a command line would give it.
    public func run(title: String = "SwipeBack", windowClass: (instance: String, name: String)? = nil,
                    iconFiles: [String] = [], scale: Double? = nil) throws {
        try openWindow(title: title, windowClass: windowClass, iconFiles: iconFiles, scale: scale).run()
    }

    /// Opens an X11 window of the navigator's size on `$DISPLAY` for an app that runs its own
    /// loop: poll the window's `eventDescriptor()` among the app's own descriptors and call
    /// `step()` as each step asks (`run()` is that loop). The navigator's clock is the window's
    /// while the window lives.
    ///
    /// - Parameters: as `run(title:windowClass:iconFiles:scale:)`.
    /// - Returns: the window, not yet run.
    /// - Throws: as `run(title:windowClass:iconFiles:scale:)`, but for what happens while it runs.
    public func openWindow(title: String = "SwipeBack", windowClass: (instance: String, name: String)? = nil,
                           iconFiles: [String] = [], scale: Double? = nil) throws -> NavigatorWindow {
        if let scale, !LayoutScale.isValid(scale) {
            throw ResourceScale.OverrideError(description: "a layout scale of \(scale); expected \(LayoutScale.rangeText) px per layout unit")
        }
        let override = try scale ?? ResourceScale.environmentOverride()
        let icon = try WindowIcon.images(pngFiles: iconFiles)
        let window = try X11Window(title: title, width: Int(model.windowWidth), height: Int(model.windowHeight),
                                   windowClass: windowClass ?? (X11Window.instanceName, X11Window.className))
        if !icon.isEmpty { window.setIcon(icon) }
        let app = WindowApp(window: window, model: model,
                            renderer: SceneRenderer(compositor: try makeCompositor()))
        app.scaleOverride = override
        return NavigatorWindow(app: app, navigator: self)
    }
}

/// A navigator's X11 window (`Navigator.openWindow`), driven by `run()` or, from an app's own
/// loop, by `eventDescriptor()` and `step()`.
public final class NavigatorWindow {
    private let app: WindowApp
    private weak var navigator: Navigator?

    /// The window whose clock each navigator has (by identity): the latest opened.
    nonisolated(unsafe) private static var clockOwners: [ObjectIdentifier: ObjectIdentifier] = [:]

    init(app: WindowApp, navigator: Navigator) {
        self.app = app
        self.navigator = navigator
        navigator.clock = { [weak app] in app?.timelineNow() ?? 0 }
        Self.clockOwners[ObjectIdentifier(navigator)] = ObjectIdentifier(self)
    }

    deinit {
        // A later window of the same navigator keeps its clock.
        guard let navigator, Self.clockOwners[ObjectIdentifier(navigator)] == ObjectIdentifier(self) else { return }
        Self.clockOwners[ObjectIdentifier(navigator)] = nil
        navigator.clock = nil
    }

    /// When to call `step()` again (`WindowApp.Step`).
    public typealias Step = WindowApp.Step

    /// Makes SIGINT (Ctrl+C) and SIGTERM close the window as its close button does, so the app's
    /// loop ends normally (`run()` returns; `step()` says `.closed`, and `eventDescriptor()`
    /// becomes readable when one arrives). Call it as early as the program can; calling it again
    /// changes nothing. Without it the signals end the process as they would any other.
    public static func closeOnSignals() { WindowApp.closeOnSignals() }

    /// Runs until the window is closed (its close button, the window manager's close request, or
    /// SIGINT and SIGTERM after `closeOnSignals()`).
    ///
    /// - Throws: `X11Error.connectionLost` when the X server goes away; `X11Error` when presenting
    ///   fails; `RenderError` when drawing fails.
    public func run() throws { try app.run() }

    /// The descriptor to poll (`POLLIN`) in the app's own loop: readable when the window has
    /// input or a stop signal to read.
    ///
    /// - Throws: `PosixError` when the loop cannot be made (out of descriptors).
    public func eventDescriptor() throws -> Int32 { try app.eventDescriptor() }

    /// One pass: reads the window's input, draws at most one frame, and says when to call it
    /// again (`WindowApp.Step`: `.again`, `.waitForInput(timeoutMilliseconds:)`, `.pause(milliseconds:)`,
    /// or `.closed` once the window is closed). It never blocks.
    ///
    /// - Throws: as `run()`.
    public func step() throws -> Step { try app.step() }
}
