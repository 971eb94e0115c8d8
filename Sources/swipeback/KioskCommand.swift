// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials
import Glibc
import SwipeBackCore
import SwipeBackFormats
import SwipeBackRender
import SwipeBackX11

/// `swipeback kiosk PAGES`: a full-screen navigator that cannot be escaped, for touchscreens.
enum KioskCommand {
    /// Keys that never act in a kiosk, whatever the configuration says (Escape would pop; the
    /// others close or leave windows in desktop habits).
    static let lockedKeys: Set<String> = ["Escape", "Alt+F4", "Ctrl+W", "Ctrl+Q", "F11"]

    static func run(_ options: Options, check: Bool) throws -> Int32 {
        guard options.positional.count == 1 else {
            throw CommandFailure.usage("kiosk expects one PAGES document; usage: " + CommandReference.usageLine("kiosk"))
        }
        let path = options.positional[0]
        // The whole document is checked before any window: every problem, one line each.
        var problems = PagesDocumentReader.problems(path: path).map(\.description)
        var document: PagesDocument?
        if problems.isEmpty {
            let read = try PagesDocumentReader.read(path: path)
            problems += ImageCheck.allUnreadable(in: read).map { FormatError(file: path, line: nil, message: $0).description }
            document = read
        }
        guard let document, problems.isEmpty else {
            for problem in problems.dropLast() { printError(problem) }
            throw CommandFailure.usage(problems.last ?? "\(path): unreadable")
        }
        // The reader checks the exit chord: its form, and that X has its key.
        var configuration = try DemoCommand.windowConfiguration(options, checks: [KeyTranslation.check(keys: ["kioskExitChord"])])
        let scaleOverride = try DemoCommand.layoutScaleOverride(options)
        configuration.backKeys.removeAll { lockedKeys.contains($0) }
        configuration.forwardKeys.removeAll { lockedKeys.contains($0) }
        // Fonts: a family the system lacks, characters no font shows. Warnings: the kiosk still runs.
        let fontWarnings = try FontCheck.warnings(document: document, file: path, fontFamily: configuration.fontFamily,
                                                  configurationSource: options.configPath ?? DemoCommand.userConfigurationPath() ?? "the configuration")
        for warning in fontWarnings { printError(warning) }
        if check {
            let warned = fontWarnings.isEmpty ? "" : ", \(fontWarnings.count) font warning\(fontWarnings.count == 1 ? "" : "s")"
            try printStandardOutput("\(path): ok, \(document.pages.count) page\(document.pages.count == 1 ? "" : "s"), \(document.stacks.count) stack\(document.stacks.count == 1 ? "" : "s")\(warned)\n")
            return 0
        }
        let window = try DemoCommand.openWindow(title: "SwipeBack kiosk", width: 1024, height: 640)
        window.hideCursor()
        window.coveredOutput = configuration.kioskOutput
        let cover = window.coverRectangle(output: configuration.kioskOutput)
        if let output = configuration.kioskOutput, !cover.found {
            let names = window.monitors().flatMap { [$0.name] + $0.outputs }
            printError("kioskOutput \"\(output)\" is not connected (connected: \(Array(Set(names)).sorted().joined(separator: ", ")));"
                       + " covering \(window.monitors().count > 1 ? "the primary output" : "the screen") until it is")
        }
        window.coverScreen()
        let (width, height) = (cover.width, cover.height)
        let fitted = document.fittingStacks(toWidth: Double(width), height: Double(height))
        let measurer = try TextMeasurer(imageDirectory: document.baseDirectory, fontFamily: configuration.fontFamily)
        let sink = try EventLogSink(target: options.eventLog)
        let model = AppModel(configuration: configuration, windowWidth: Double(width), windowHeight: Double(height),
                             direction: options.rtl ? .rightToLeft : .leftToRight, document: fitted,
                             measurer: measurer, log: sink.write)
        model.returnsToRootWhenIdle = true
        let app = WindowApp(window: window, model: model, renderer: SceneRenderer(
            compositor: TransitionCompositor(measurer: measurer)))
        // Xft.dpi / 96 (live) or --scale: edge width and touch slop follow it (AppModel.edgeWidthPixels).
        app.scaleOverride = scaleOverride
        app.kiosk = .kiosk
        let exitChord = configuration.kioskExitChord?.description
        app.hooks.onKey = { [unowned model] name in
            if let exitChord, name == exitChord {
                model.handle(.close, atMilliseconds: app.timelineNow())
                return true
            }
            return lockedKeys.contains(name) // swallowed: they do nothing
        }
        // The server's blanking settings come back however the kiosk ends: the exit chord, SIGTERM
        // and SIGINT all return from the run loop.
        let inhibitor = configuration.kioskScreenBlanking == .inhibit ? ScreenBlankingInhibitor(window) : nil
        defer { inhibitor?.restore() }
        try DemoCommand.runUntilClosed(app, model: model)
        return 0
    }
}
