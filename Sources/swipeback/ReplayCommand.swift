import Foundation
import SwipeBackCore
import SwipeBackFormats
import SwipeBackRender

/// `swipeback replay SCENARIO`: runs a scenario headless and prints its event log.
enum ReplayCommand {
    static func run(_ options: Options) throws -> Int32 {
        guard options.positional.count == 1 else {
            throw CommandFailure.usage("replay expects one SCENARIO file; try: swipeback help replay")
        }
        var scenario = try ScenarioReader.read(path: options.positional[0], configuration: options.headlessConfiguration())
        try Options.checkImages(scenario.document, file: options.positional[0])
        if let size = options.windowSize {
            scenario.resizeWindow(width: size.width, height: size.height)
        }
        if options.rtl { scenario.direction = .rightToLeft }
        let measurer = try TextMeasurer(imageDirectory: scenario.document.baseDirectory ?? TextFile.folder(of: options.positional[0]))
        // The whole log is built first, so a failure leaves no half-written output.
        var output = ""
        ScenarioRunner.run(scenario, measurer: measurer) { entry in
            output += EventLogWriter.line(entry) + "\n"
        }
        if let path = options.eventLog, path != "-" {
            try EventLogSink.writeAtomically(output, to: path)
        } else {
            try printStandardOutput(output)
        }
        return 0
    }
}
