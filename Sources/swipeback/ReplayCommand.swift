import Foundation
import SwipeBackCore
import SwipeBackFormats
import SwipeBackRender

/// `swipeback replay SCENARIO`: runs a scenario headless and prints its event log.
enum ReplayCommand {
    static func run(_ options: Options) throws -> Int32 {
        guard options.positional.count == 1 else {
            throw CommandFailure.usage("replay expects one SCENARIO file; usage: swipeback replay SCENARIO [--config FILE]")
        }
        let scenario = try ScenarioReader.read(path: options.positional[0], configuration: options.headlessConfiguration())
        var output = ""
        ScenarioRunner.run(scenario, measurer: try TextMeasurer()) { entry in
            output += EventLogWriter.line(entry) + "\n"
        }
        printStandardOutput(output)
        return 0
    }
}
