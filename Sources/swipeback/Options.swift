import Foundation
import SwipeBackCore
import SwipeBackFormats

/// The options the subcommands share (SPEC section 5).
struct Options {
    var positional: [String] = []
    var configPath: String?
    var eventLog: String?
    var windowSize: (width: Double, height: Double)?
    var pagesPath: String?
    var open: [String]?
    var rtl = false
    var logFrames = false
    var json = false
    var atTimes: [Double] = []
    var output: String?

    /// Options every command takes (SPEC section 5).
    static let common: Set<String> = ["--config", "--event-log", "--window", "--rtl"]
    /// Options only the window commands take.
    static let window: Set<String> = common.union(["--pages", "--open", "--log-frames"])

    /// Parses arguments after the command name.
    ///
    /// - Parameter allowed: the options `command` takes.
    /// - Throws: `CommandFailure.usage` for unknown options, options the command does not take,
    ///   missing values and malformed sizes.
    static func parse(_ arguments: [String], command: String, allowed: Set<String>) throws -> Options {
        var options = Options()
        var index = 0
        func value(_ name: String) throws -> String {
            index += 1
            guard index < arguments.count else { throw CommandFailure.usage("\(name) needs a value") }
            return arguments[index]
        }
        while index < arguments.count {
            let argument = arguments[index]
            if argument.hasPrefix("-"), argument.count > 1, Double(argument) == nil, !allowed.contains(argument) {
                throw CommandFailure.usage("unknown option \(argument) for \(command); try: swipeback help \(command)")
            }
            switch argument {
            case "--config": options.configPath = try value(argument)
            case "--event-log": options.eventLog = try value(argument)
            case "--pages": options.pagesPath = try value(argument)
            case "--rtl": options.rtl = true
            case "--log-frames": options.logFrames = true
            case "--json": options.json = true
            case "-o", "--output": options.output = try value(argument)
            case "--at":
                // One or more times in ms: `--at 100 250` or `--at 100,250`.
                var times: [Double] = []
                while index + 1 < arguments.count, !arguments[index + 1].hasPrefix("--"), arguments[index + 1] != "-o" {
                    let parts = arguments[index + 1].split(separator: ",")
                    let numbers = parts.compactMap { Double($0) }
                    guard !parts.isEmpty, numbers.count == parts.count, numbers.allSatisfy({ $0.isFinite && $0 >= 0 }) else { break }
                    times += numbers
                    index += 1
                }
                guard !times.isEmpty else { throw CommandFailure.usage("--at expects times in ms (0 or more), e.g. --at 0 250 500") }
                options.atTimes += times
            case "--open":
                let ids = try value(argument).split(separator: ",", omittingEmptySubsequences: false).map(String.init)
                guard !ids.isEmpty, !ids.contains(where: \.isEmpty) else {
                    throw CommandFailure.usage("--open expects page ids separated by commas, e.g. --open home,about")
                }
                options.open = ids
            case "--window":
                let text = try value(argument)
                let parts = text.split(separator: "x").map { Int($0) }
                guard parts.count == 2, let w = parts[0], let h = parts[1], (1...32767).contains(w), (1...32767).contains(h) else {
                    throw CommandFailure.usage("--window expects WIDTHxHEIGHT in px (1...32767), e.g. 800x600; got \"\(text)\"")
                }
                options.windowSize = (Double(w), Double(h))
            default:
                if argument.hasPrefix("--") {
                    throw CommandFailure.usage("unknown option \(argument) for \(command); try: swipeback help \(command)")
                }
                options.positional.append(argument)
            }
            index += 1
        }
        return options
    }

    /// The configuration for headless commands: defaults, then `--config` only.
    func headlessConfiguration() throws -> Configuration {
        guard let configPath else { return Configuration() }
        return try ConfigurationReader.read(path: configPath)
    }
}
