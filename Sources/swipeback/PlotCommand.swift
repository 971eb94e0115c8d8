import Foundation
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
        guard out.hasSuffix(".png") else { throw CommandFailure.usage("-o \(out): expected a .png file name") }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: out, isDirectory: &isDirectory), isDirectory.boolValue {
            throw CommandFailure.usage("-o \(out): is a directory, expected a .png file")
        }
        let folder = TextFile.folder(of: out)
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw CommandFailure.usage("-o \(out): no folder \(folder)")
        }
        let configuration = try options.headlessConfiguration()
        var points: [DecisionMap.Point] = []
        var stackWidth: Double?
        for path in options.positional {
            var scenario = try ScenarioReader.read(path: path, configuration: configuration)
            try Options.checkImages(scenario.document, file: path)
            if let size = options.windowSize { scenario.resizeWindow(width: size.width, height: size.height) }
            let measurer = try TextMeasurer(imageDirectory: scenario.document.baseDirectory ?? TextFile.folder(of: path))
            var ended: [(stack: String, point: DecisionMap.Point)] = []
            let model = ScenarioRunner.run(scenario, measurer: measurer) { entry in
                guard entry.type == "gesture", entry["phase"]?.stringValue == "ended",
                      let progress = entry["progress"]?.numberValue,
                      let decision = entry["decision"]?.stringValue.flatMap(PopDecision.init) else { return }
                ended.append((entry["stack"]?.stringValue ?? "main",
                              DecisionMap.Point(progress: progress, velocity: entry["velocity"]?.numberValue, decision: decision)))
            }
            for swipe in ended {
                if stackWidth == nil { stackWidth = model.stack(id: swipe.stack)?.frame.width }
                points.append(swipe.point)
            }
        }
        let image = try DecisionMap.render(points: points, configuration: configuration, widthPixels: stackWidth ?? 800)
        do {
            try image.writePNG(to: out)
        } catch {
            throw CommandFailure.runtime("-o \(out): cannot write it: \(error)")
        }
        return 0
    }
}
