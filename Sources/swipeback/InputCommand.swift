// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials
import Glibc
import SwipeBackCore
import SwipeBackEvdev
import SwipeBackFormats
import SwipeBackX11

/// `swipeback input`: the swipe back at the touchscreen itself, under any compositor (a system
/// service), until SIGTERM or SIGINT (status 0); status 2 when the configuration asks for what it
/// cannot do or it has no access to /dev/uinput or the devices, 1 when its loop stalls.
enum InputCommand {
    /// The configuration the system unit reads when no `--config` is given.
    static let systemConfigurationPath = "/etc/swipeback/config.json"

    static func run(_ options: Options) throws -> Int32 {
        guard options.positional.isEmpty else {
            throw CommandFailure.usage("input takes no arguments, got \"\(options.positional[0])\"; usage: " + CommandReference.usageLine("input"))
        }
        // The reader checks the actions once: their forms, and that the virtual keyboard and mouse have them.
        let configuration: Configuration
        if let path = options.configPath {
            configuration = try ConfigurationReader.read(path: path, checks: [VirtualInput.check])
        } else if FileManager.default.fileExists(atPath: systemConfigurationPath) {
            configuration = try ConfigurationReader.read(path: systemConfigurationPath, checks: [VirtualInput.check])
        } else {
            configuration = Configuration()
        }
        let sink = try EventLogSink(target: options.eventLog, policy: .rotate(limitBytes: EventLogSink.systemLimitBytes))
        let service = try InputService(settings: SystemSwipeSettings(configuration: configuration, rightToLeft: options.rtl)) { sink.write($0) }
        try service.run(stopDescriptor: WindowApp.signalDescriptor) { stalled in
            // A stuck loop holds a touch: ending the process ends the grabs, and the compositor reads the devices again.
            printError("input: the loop has not answered for \(Int(stalled)) ms with a touch held; ending so touches reach the compositor")
            _exit(1)
        }
        return 0
    }
}
