// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials
import Glibc
import SwipeBackCore
import SwipeBackFormats
import SwipeBackRender
import SwipeBackX11

/// `swipeback demo`: the desktop demo app on the built-in pages (or `--pages FILE`).
enum DemoCommand {
    /// Runs the demo; with `recordTo`, every input is kept and written there as a scenario when
    /// the window closes (`swipeback record`).
    static func run(_ options: Options, recordTo recordPath: String? = nil, tune: Bool = false) throws -> Int32 {
        guard options.positional.count == (recordPath == nil ? 0 : 1) else {
            throw CommandFailure.usage(recordPath == nil
                ? "demo takes no arguments, got \"\(options.positional[0])\"; try: swipeback help demo"
                : "record expects one OUT.jsonl file; try: swipeback help record")
        }
        // A recording's file is checked before the session, not after it.
        if let recordPath { try EventLogSink.checkWritable(recordPath, option: "record") }
        let configuration = try windowConfiguration(options, creating: tune)
        let scaleOverride = try layoutScaleOverride(options)
        let pagesPath = try options.pagesPath ?? builtInPagesPath()
        var document = try PagesDocumentReader.read(path: pagesPath)
        try Options.checkImages(document, file: pagesPath)
        if let open = options.open {
            for id in open where document.pages[id] == nil {
                throw CommandFailure.usage("--open: no page \"\(id)\" in \(pagesPath); pages: "
                                           + document.pages.keys.sorted().joined(separator: ", "))
            }
            document.stacks = [StackDescription(id: "main", frame: nil, pages: open)]
        }
        let size = options.windowSize ?? (1024, 640)
        document = document.fittingStacks(toWidth: size.0, height: size.1)
        if options.rtl { document = document.mirroringStacks(width: size.0) }
        let measurer = try TextMeasurer(imageDirectory: document.baseDirectory, fontFamily: configuration.fontFamily)
        for warning in try FontCheck.warnings(document: document, file: pagesPath, fontFamily: configuration.fontFamily,
                                              configurationSource: options.configPath ?? userConfigurationPath() ?? "the configuration") {
            printError(warning)
        }
        let window = try openWindow(title: "SwipeBack", width: Int(size.0), height: Int(size.1))
        // Opened only once the window exists, so a failed start leaves an existing log untouched.
        let sink = try EventLogSink(target: options.eventLog)
        var tuner = Tuner(configuration: configuration)
        weak var tunedModel: AppModel?
        let model = AppModel(configuration: configuration, windowWidth: size.0, windowHeight: size.1,
                             direction: options.rtl ? .rightToLeft : .leftToRight, document: document,
                             measurer: measurer, log: { record in
                                 if tune, let model = tunedModel, case .gesture(let stack, _, _) = record.event {
                                     tuner.observe(record, widthPixels: model.stack(id: stack)?.frame.width ?? size.0)
                                 }
                                 sink.write(record)
                             })
        tunedModel = model
        let renderer = SceneRenderer(compositor: TransitionCompositor(measurer: measurer))
        let app = WindowApp(window: window, model: model, renderer: renderer)
        app.scaleOverride = scaleOverride
        if options.logFrames {
            app.hooks.onFrame = { frame in
                sink.write(TimedEvent(timeMilliseconds: frame.shownMilliseconds, event: .frame(number: frame.number,
                                                                                                 productionMilliseconds: frame.productionMilliseconds,
                                                                                                 bytesSent: frame.bytesSent)))
            }
        }
        if tune {
            let savePath = options.configPath ?? userConfigurationPath()
            app.redrawsOnInput = true
            app.hooks.onInput = { event, _ in tuner.observe(event) }
            app.hooks.onKey = { [unowned model] name in
                switch tuner.handleKey(name) {
                case .ignored:
                    return false
                case .selected:
                    return true
                case .changed:
                    model.reconfigure(tuner.configuration)
                    return true
                case .save:
                    do {
                        guard let savePath else {
                            throw CommandFailure.runtime("cannot save: neither XDG_CONFIG_HOME nor HOME is set; start tune with --config FILE")
                        }
                        try saveConfiguration(tuner.configuration, to: savePath)
                        tuner.status = "saved to \(savePath)"
                    } catch let failure as CommandFailure {
                        tuner.status = failure.message
                    } catch {
                        tuner.status = "cannot save \(savePath ?? "the configuration"): \(error)"
                    }
                    return true
                }
            }
            renderer.overlay = { frame, scene in try TuneOverlay.draw(tuner, scene: scene, into: frame) }
        }
        // A recording is written as it is made, to a temporary file renamed into place at the close.
        let recording = try recordPath.map { try OutputFile(replacing: $0, option: "record") }
        var recordingFailure: Error?
        func record(_ line: String) {
            guard let recording, recordingFailure == nil else { return }
            do { try recording.write(line + "\n") } catch { recordingFailure = error }
        }
        var lastTime = 0.0
        if recordPath != nil {
            let header = ScenarioWriter.header(width: size.0, height: size.1, direction: options.rtl ? .rightToLeft : .leftToRight,
                                               configuration: configuration, pages: try inlinePages(pagesPath),
                                               stacks: model.stacks.map { StackDescription(id: $0.id, frame: $0.frame,
                                                                                          pages: $0.pages.map(\.pageID)) },
                                               layoutScale: model.layoutScale)
            record(header)
            app.hooks.onInput = { event, t in
                // Scenario lines never go back in time (server and app clocks may differ by a fraction).
                lastTime = max(lastTime, t)
                if let line = ScenarioWriter.line(event, atMilliseconds: lastTime) { record(line) }
            }
        }
        try runUntilClosed(app, model: model)
        if let recording {
            record(ScenarioWriter.endLine(atMilliseconds: max(lastTime, app.nowMilliseconds)))
            if let recordingFailure { throw recordingFailure }
            try recording.finish()
        }
        return 0
    }

    /// The pages file as inline JSON for a recorded scenario, with image paths made absolute so the
    /// recording replays from any folder.
    static func inlinePages(_ path: String) throws -> LogValue {
        let folder = URL(fileURLWithPath: TextFile.folder(of: path)).standardizedFileURL.path
        func absolute(_ value: JSONValue, key: String?) -> JSONValue {
            switch value {
            case .string(let s) where (key == "src" || key == "items") && !s.hasPrefix("/"):
                return .string(folder + "/" + s)
            case .array(let items):
                return .array(items.map { absolute($0, key: key == "items" ? "items" : nil) })
            case .object(let fields):
                return .object(fields.reduce(into: [:]) { $0[$1.key] = absolute($1.value, key: $1.key) })
            default:
                return value
            }
        }
        let text = try String(contentsOfFile: path, encoding: .utf8)
        return absolute(try JSONValue.parse(text, file: path, line: nil), key: nil).logValue
    }

    /// Opens a window command's window with the application icon; X errors (no display, no
    /// XInput 2.2) are run-time failures. An assets folder without the icon leaves the window without one.
    static func openWindow(title: String, width: Int, height: Int) throws -> X11Window {
        let window = try X11Window(title: title, width: width, height: height)
        if let icon = try? WindowIcon.images(assetsDirectory: AssetLocator.assetsDirectory()) { window.setIcon(icon) }
        return window
    }

    /// The layout scale asked for: `--scale`, else `$SWIPEBACK_SCALE`; nil follows `Xft.dpi`.
    ///
    /// - Throws: `ResourceScale.OverrideError` (status 2) when `SWIPEBACK_SCALE` is not a scale in `LayoutScale.range`.
    static func layoutScaleOverride(_ options: Options) throws -> Double? {
        if let scale = options.scale { return scale }
        return try ResourceScale.environmentOverride()
    }

    /// Shows the stacks' first pages and runs the window until it closes (the close button, the
    /// model's close, Ctrl+C or SIGTERM); a lost X server is a run-time failure.
    static func runUntilClosed(_ app: WindowApp, model: AppModel) throws {
        model.start(atMilliseconds: 0)
        WindowApp.closeOnSignals()
        try app.run()
    }

    /// The demo's own pages document in the assets folder.
    ///
    /// - Throws: `CommandFailure.runtime` when the assets folder has none (it is part of the installation).
    static func builtInPagesPath() throws -> String {
        let assets = try AssetLocator.assetsDirectory()
        guard FileManager.default.isReadableFile(atPath: assets + "/pages.json") else {
            throw CommandFailure.runtime("the assets folder \(assets) has no pages.json for the demo; give one with --pages FILE")
        }
        return assets + "/pages.json"
    }

    /// The user's configuration file, `$XDG_CONFIG_HOME/swipeback/config.json` (else under
    /// `$HOME/.config`), which the window commands read and `tune` saves; nil when neither is set.
    static func userConfigurationPath() -> String? {
        let environment = ProcessInfo.processInfo.environment
        guard let base = environment["XDG_CONFIG_HOME"].flatMap({ $0.isEmpty ? nil : $0 })
                ?? environment["HOME"].flatMap({ $0.isEmpty ? nil : $0 + "/.config" }) else { return nil }
        return base + "/swipeback/config.json"
    }

    /// Writes every configuration key to `path` (SPEC section 4) through a temporary file renamed
    /// into place, so a failure leaves the old file as it was.
    ///
    /// - Throws: `CommandFailure` naming the file when it cannot be written.
    static func saveConfiguration(_ configuration: Configuration, to path: String) throws {
        let folder = TextFile.folder(of: path)
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw CommandFailure.runtime("cannot save \(path): cannot create \(folder): \(reason(error))")
        }
        try EventLogSink.writeAtomically(EventLogWriter.json(ScenarioWriter.configurationValue(configuration, onlyExplicit: true)) + "\n", to: path,
                                         option: "save")
    }

    /// The configuration for the window commands and `system`: defaults, then `--config`, else the user's saved file.
    ///
    /// - Parameter creating: a `--config FILE` that does not exist yet starts from the defaults
    ///   (`tune` creates it on save).
    /// A save killed by SIGKILL leaves its temporary beside the file (`OutputFile`); the next start
    /// removes those of processes that no longer run.
    static func windowConfiguration(_ options: Options, creating: Bool = false, checks: [SystemActionCheck] = []) throws -> Configuration {
        if let path = options.configPath ?? userConfigurationPath() {
            OutputFile.removeStaleTemporaries(of: OutputFile.resolvingLinks(path))
        }
        if let path = options.configPath {
            if creating, !FileManager.default.fileExists(atPath: path) { return Configuration() }
            return try ConfigurationReader.read(path: path, checks: checks)
        }
        guard let path = userConfigurationPath(), FileManager.default.fileExists(atPath: path) else { return Configuration() }
        return try ConfigurationReader.read(path: path, checks: checks)
    }
}
