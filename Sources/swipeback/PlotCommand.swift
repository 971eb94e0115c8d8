import FoundationEssentials
import Glibc
import SwipeBackCore
import SwipeBackFormats
import SwipeBackRender

/// `swipeback plot SCENARIO... -o OUT.png`: the decision map of every released swipe in the
/// scenarios, over the commit and cancel regions of the configuration (`--config`, else defaults).
enum PlotCommand {
    static func run(_ options: Options) throws -> Int32 {
        guard !options.positional.isEmpty else {
            throw CommandFailure.usage("plot expects one or more SCENARIO files; usage: swipeback plot SCENARIO... -o OUT.png")
        }
        guard let out = options.output else { throw CommandFailure.usage("plot needs -o OUT.png") }
        guard out.lowercased().hasSuffix(".png") else { throw CommandFailure.usage("-o \(out): expected a .png file name") }
        var isDirectory = false
        if FileManager.default.fileExists(atPath: out, isDirectory: &isDirectory), isDirectory {
            throw CommandFailure.usage("-o \(out): is a directory, expected a .png file")
        }
        let folder = TextFile.folder(of: out)
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory else {
            throw CommandFailure.usage("-o \(out): no folder \(folder)")
        }
        let base = try options.headlessConfiguration()
        var points: [DecisionMap.Point] = []
        // The regions are one configuration's: every scenario must have been decided under it (a
        // scenario's own `config` keys apply on top of --config, SPEC section 4).
        var shared: (configuration: Configuration, path: String)?
        for path in options.positional {
            var scenario = try ScenarioReader.read(path: path, configuration: base)
            try Options.checkImages(scenario.document, file: path)
            if let size = options.windowSize { scenario.resizeWindow(width: size.width, height: size.height) }
            if let shared, shared.configuration != scenario.configuration {
                throw CommandFailure.usage("\(path): its header's config differs from \(shared.path)'s, so one map cannot shade both; plot them separately")
            }
            if shared == nil { shared = (scenario.configuration, path) }
            let measurer = try TextMeasurer(imageDirectory: scenario.document.baseDirectory ?? TextFile.folder(of: path))
            var ended: [(stack: String, progress: Double, velocity: Double?, decision: PopDecision)] = []
            let model = ScenarioRunner.run(scenario, measurer: measurer) { record in
                guard case .gesture(let stack, _, let step) = record.event, step.phase == .ended,
                      let decision = step.decision else { return }
                ended.append((stack, step.progress, step.velocityPixelsPerSecond, decision))
            }
            for swipe in ended {
                // Velocities in stack widths per second, so stacks of any width share the map.
                let width = max(model.stack(id: swipe.stack)?.frame.width ?? scenario.windowWidth, 1)
                points.append(DecisionMap.Point(progress: swipe.progress, velocity: swipe.velocity.map { $0 / width },
                                                decision: swipe.decision))
            }
        }
        let image = try DecisionMap.render(points: points, configuration: shared?.configuration ?? base)
        do {
            try image.writePNG(to: out)
        } catch {
            throw CommandFailure.runtime("-o \(out): cannot write it: \(error)")
        }
        return 0
    }
}
