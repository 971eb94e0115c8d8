import Foundation
import SwipeBackCore
import SwipeBackFormats
import SwipeBackRender
import SwipeBackX11

/// `swipeback demo`: the desktop demo app on the built-in pages (or `--pages FILE`).
enum DemoCommand {
    static func run(_ options: Options) throws -> Int32 {
        guard options.positional.isEmpty else {
            throw CommandFailure.usage("demo takes no arguments, got \"\(options.positional[0])\"; try: swipeback help demo")
        }
        let configuration = try windowConfiguration(options)
        let pagesPath = try options.pagesPath ?? (AssetLocator.assetsDirectory() + "/pages.json")
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
        let imageDirectory = TextFile.folder(of: pagesPath)
        let measurer = try TextMeasurer(imageDirectory: imageDirectory)
        let window: X11Window
        do {
            window = try X11Window(title: "SwipeBack", width: Int(size.0), height: Int(size.1))
        } catch let error as X11Error {
            throw CommandFailure.runtime(error.message)
        }
        // Opened only once the window exists, so a failed start leaves an existing log untouched.
        let sink = try EventLogSink(target: options.eventLog)
        let model = AppModel(configuration: configuration, windowWidth: size.0, windowHeight: size.1,
                             direction: options.rtl ? .rightToLeft : .leftToRight, document: document,
                             measurer: measurer, log: sink.write)
        let app = WindowApp(window: window, model: model,
                            compositor: TransitionCompositor(measurer: measurer, imageDirectory: imageDirectory))
        if options.logFrames {
            app.onFrame = { [unowned app] n, ms in
                sink.write(EventLogEntry(timeMilliseconds: app.nowMilliseconds, type: "frame",
                                         fields: [("n", .number(Double(n))), ("ms", .number(ms))]))
            }
        }
        model.start(atMilliseconds: 0)
        do {
            try app.run()
        } catch let error as X11Error {
            throw CommandFailure.runtime(error.message)
        }
        return 0
    }

    /// The configuration for window commands: defaults, then `--config`, else the user's saved file.
    static func windowConfiguration(_ options: Options) throws -> Configuration {
        if let path = options.configPath { return try ConfigurationReader.read(path: path) }
        let environment = ProcessInfo.processInfo.environment
        let base = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (environment["HOME"].map { $0 + "/.config" } ?? "")
        let path = base + "/swipeback/config.json"
        guard !base.isEmpty, FileManager.default.fileExists(atPath: path) else { return Configuration() }
        return try ConfigurationReader.read(path: path)
    }
}
