// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials
import Glibc
import SwipeBackCore
import SwipeBackFormats
import SwipeBackRender
import SwipeBackX11

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
    /// `--scale S`: the layout scale, px per layout unit (`LayoutScale.range`), instead of `Xft.dpi` / 96.
    var scale: Double?
    var json = false
    /// `kiosk --check`: check the document and exit.
    var check = false
    var atTimes: [Double] = []
    var output: String?
    /// `--compare A B`: two configuration files to replay a scenario under.
    var compare: (String, String)?

    /// The most frames one `render` writes (`--at`).
    static let maximumFrames = 1000

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
            case "--compare":
                guard index + 2 < arguments.count, !arguments[index + 1].hasPrefix("--"), !arguments[index + 2].hasPrefix("--") else {
                    throw CommandFailure.usage("--compare needs two configuration files: --compare A.json B.json")
                }
                options.compare = (arguments[index + 1], arguments[index + 2])
                index += 2
            case "--event-log": options.eventLog = try value(argument)
            case "--pages": options.pagesPath = try value(argument)
            case "--rtl": options.rtl = true
            case "--log-frames": options.logFrames = true
            case "--scale":
                let text = try value(argument)
                guard let scale = ResourceScale.parseOverride(text) else {
                    throw CommandFailure.usage("--scale expects a layout scale of \(LayoutScale.rangeText) (px per layout unit, like 2 for a 192 dpi screen); got \"\(text)\"")
                }
                options.scale = scale
            case "--json": options.json = true
            case "--check": options.check = true
            case "-o", "--output": options.output = try value(argument)
            case "--at":
                // One or more times in ms: `--at 100 250` or `--at 100,250`.
                var times: [Double] = []
                while index + 1 < arguments.count, !arguments[index + 1].hasPrefix("--"), arguments[index + 1] != "-o" {
                    // Plain decimal ms only: no signs, exponents, hex or empty parts.
                    let parts = arguments[index + 1].split(separator: ",", omittingEmptySubsequences: false)
                    let plain = parts.allSatisfy { part in
                        !part.isEmpty && part.allSatisfy { $0.isASCII && ($0.isNumber || $0 == ".") } && part.filter { $0 == "." }.count <= 1
                            && part.first != "." && part.last != "."
                    }
                    guard plain else {
                        if arguments[index + 1].first?.isNumber == true || arguments[index + 1].first == "," || arguments[index + 1].first == "-" {
                            throw CommandFailure.usage("--at expects times in ms (0 or more, like 250 or 12.5), got \"\(arguments[index + 1])\"")
                        }
                        break
                    }
                    let numbers = parts.compactMap { Double($0) }
                    // Past 10^12 ms a Double no longer names every ms, so a frame's file name would not be
                    // the time asked for (99999999999999999999999 is 1e+23); scenario times end there too.
                    if let far = parts.first(where: { Double($0)! > InputLimits.timeMilliseconds }) {
                        throw CommandFailure.usage("--at \(FormatError.shortened(String(far))): times are at most 10^12 ms, as in a scenario")
                    }
                    times += numbers
                    index += 1
                }
                guard !times.isEmpty else {
                    let next = index + 1 < arguments.count && !arguments[index + 1].hasPrefix("-") ? ", got \"\(arguments[index + 1])\"" : ""
                    throw CommandFailure.usage("--at expects times in ms (0 or more, like 250 or 12.5)\(next)")
                }
                options.atTimes += times
                guard options.atTimes.count <= Self.maximumFrames else {
                    throw CommandFailure.usage("--at: \(options.atTimes.count) times; render writes at most \(Self.maximumFrames) frames a run")
                }
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

    /// Fails with the file, page and element of the first image of `document` that does not decode.
    ///
    /// - Throws: `FormatError` naming the pages document: `file`, or the `pagesFile` it names.
    static func checkImages(_ document: PagesDocument, file: String) throws {
        if let problem = ImageCheck.firstUnreadable(in: document) {
            if let pagesFile = document.file, pagesFile != file {
                throw FormatError(file: pagesFile, line: nil, message: problem + " (the pagesFile of \(file))")
            }
            throw FormatError(file: file, line: nil, message: problem)
        }
    }

    /// The configuration for headless commands: defaults, then `--config` only.
    func headlessConfiguration() throws -> Configuration {
        guard let configPath else { return Configuration() }
        return try ConfigurationReader.read(path: configPath)
    }
}
