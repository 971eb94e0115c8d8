// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials
import Glibc
import SwipeBackCore
import SwipeBackFormats
import SwipeBackRender

/// `swipeback render SCENARIO --at MS... -o DIR`: replays a scenario headless and writes the frame
/// at each time as `DIR/<MS>.png`.
enum RenderCommand {
    static func run(_ options: Options) throws -> Int32 {
        guard options.positional.count == 1 else {
            throw CommandFailure.usage("render expects one SCENARIO file; usage: swipeback render SCENARIO --at MS... -o DIR")
        }
        guard !options.atTimes.isEmpty else { throw CommandFailure.usage("render needs --at MS... (times in ms)") }
        guard let directory = options.output else { throw CommandFailure.usage("render needs -o DIR") }
        let path = options.positional[0]
        var scenario = try ScenarioReader.read(path: path, configuration: options.headlessConfiguration())
        try Options.checkImages(scenario.document, file: path)
        if let size = options.windowSize { scenario.resizeWindow(width: size.width, height: size.height) }
        if options.rtl { scenario.direction = .rightToLeft }
        var isDirectory = false
        if FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), !isDirectory {
            throw CommandFailure.usage("-o \(directory): is a file, expected a folder")
        }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw CommandFailure.usage("-o \(directory): cannot create the folder: \(reason(error))")
        }
        guard FileManager.default.isWritableFile(atPath: directory) else {
            throw CommandFailure.usage("-o \(directory): the folder is not writable")
        }
        let measurer = try TextMeasurer(imageDirectory: scenario.document.baseDirectory, fontFamily: scenario.configuration.fontFamily)
        let compositor = TransitionCompositor(measurer: measurer)
        var failure: String?
        var written: [String] = []
        ScenarioRunner.run(scenario, measurer: measurer, captureTimes: options.atTimes, capture: { model, time in
            guard failure == nil else { return }
            let file = directory + "/" + EventLogWriter.json(.number(time)) + ".png"
            do {
                let frame = try ImageSurface(width: Int(model.windowWidth.rounded()), height: Int(model.windowHeight.rounded()),
                                             opaque: true)
                try compositor.compose(model.scene(), into: frame)
                try frame.writePNG(to: file)
                written.append(file)
            } catch {
                failure = "-o \(directory): cannot write \(file): \(error)"
            }
        }, log: { _ in })
        if let failure {
            // All the frames or none: remove what this run wrote.
            for file in written { try? FileManager.default.removeItem(atPath: file) }
            throw CommandFailure.runtime(failure)
        }
        return 0
    }
}
