// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials
import Glibc
import SwipeBackCore
import SwipeBackFormats
import SwipeBackPosix
import SwipeBackSession
import SwipeBackSystem
import SwipeBackWayland
import SwipeBackX11
import CX11

/// `swipeback system`: the swipe back for every app of the session, until SIGTERM or SIGINT
/// (status 0). On X11 it holds the root touch grab itself; on a Wayland session
/// (`WAYLAND_DISPLAY` set) it is the session side of `swipeback input` (the system service at the
/// touchscreens): the arrow and the app under the touch. Status 2 when the session cannot have it
/// (another grabber on X11, no service on Wayland), 1 when the display goes away or the grab loop
/// stalls.
enum SystemCommand {
    /// The session channel of `swipeback input` (`docs/SPEC.md` section 6).
    static let sessionSocket = "/run/swipeback/session.sock"

    static func run(_ options: Options) throws -> Int32 {
        guard options.positional.isEmpty else {
            throw CommandFailure.usage("system takes no arguments, got \"\(options.positional[0])\"; usage: " + CommandReference.usageLine("system"))
        }
        // XInitThreads before any other Xlib call: the grab, the watchdog and the drawing side each
        // use a connection of their own on a thread of their own, and an older libX11 shares its
        // error state between threads unless told (1.8 and later do this themselves).
        XInitThreads()
        // The reader checks the actions once: their forms, and that X has each key:CHORD's key.
        let configuration = try DemoCommand.windowConfiguration(options, checks: [
            KeyTranslation.check(keys: ["systemBackAction", "systemForwardAction", "systemAppActions"])])
        if let wayland = ProcessInfo.processInfo.environment["WAYLAND_DISPLAY"], !wayland.isEmpty {
            guard isServiceRunning else {
                throw CommandFailure.usage("system: a Wayland session, and swipeback input is not running (no \(sessionSocket)): on Wayland the swipe back comes from the touchscreen's service; as root: systemctl enable --now swipeback-input")
            }
            return try runSessionSide(options, configuration: configuration) { hostLog in
                do {
                    return try WaylandSessionHost(configuration: configuration, frameCommitted: nil, log: hostLog)
                } catch let error as WaylandError {
                    throw CommandFailure.usage("system: \(error.description)")
                }
            }
        }
        // No display is not a failure to retry (status 1): the unit's condition keeps systemd from
        // starting it, and by hand it says what is missing.
        let display = ProcessInfo.processInfo.environment["DISPLAY"]
        guard let display, !display.isEmpty else {
            throw CommandFailure.usage("system: DISPLAY is \(display == nil ? "not set" : "empty"): swipeback system needs an X display (systemctl --user import-environment DISPLAY XAUTHORITY, then start it)")
        }
        // A dead X server's socket fails a write with EPIPE, which Xlib reports as a lost
        // connection (status 1 and one line), instead of killing the process with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        // The log is appended to across restarts and rotated at a size, never truncated at a start.
        let sink = try EventLogSink(target: options.eventLog, policy: .rotate(limitBytes: EventLogSink.systemLimitBytes))
        let settings = SystemSwipeSettings(configuration: configuration, rightToLeft: options.rtl)
        let clock = AppClock()
        let host: SystemHost
        do {
            host = try SystemHost(displayName: nil, settings: settings, clock: clock,
                                  feedback: { display in
                                      // --log-frames: one frame line per indicator frame, with its drawing cost.
                                      let logFrame: ((Double, Double) -> Void)? = options.logFrames ? { t, cost in
                                          sink.write(TimedEvent(timeMilliseconds: t, event: .indicatorFrame(drawMilliseconds: cost)))
                                      } : nil
                                      switch configuration.systemStyle {
                                      case .arrow:
                                          let indicator = try SystemIndicator(display: display, settings: settings)
                                          indicator.frameDrawn = logFrame
                                          return indicator
                                      case .page:
                                          let slide = SystemPageSlide(display: display, settings: settings)
                                          slide.frameDrawn = logFrame
                                          return slide
                                      }
                                  },
                                  log: { sink.write($0) })
        } catch let refusal as SystemRefusal where refusal.grabHeld && isServiceRunning {
            // GNOME Shell on X11 holds the grab: the session side of swipeback input instead.
            return try runSessionSide(options, configuration: configuration) { hostLog in
                try X11SessionHost(displayName: nil, settings: settings, log: hostLog)
            }
        } catch let refusal as SystemRefusal {
            throw CommandFailure.usage("system: \(refusal.description)")
        }
        let watchdog = try SystemWatchdog(displayName: nil, progress: host.progress)
        watchdog.start { stalled in
            // A stopped grab loop holds every touch on the screen: ending the process gives them back.
            printError("system: the grab loop has not answered a touch for \(Int(stalled)) ms; ending so touches reach the apps")
            _exit(1)
        }
        try host.run(stopDescriptor: WindowApp.signalDescriptor)
        return 0
    }

    /// Whether `swipeback input` offers its session channel.
    private static var isServiceRunning: Bool {
        var status = stat()
        return stat(sessionSocket, &status) == 0 && (status.st_mode & S_IFMT) == S_IFSOCK
    }

    /// The session side of `swipeback input` on the host `makeHost` opens (it gets the log for
    /// the host's own lines), until SIGTERM or SIGINT.
    private static func runSessionSide(_ options: Options, configuration: Configuration,
                                       makeHost: (@escaping (SystemEvent) -> Void) throws -> SessionHost) throws -> Int32 {
        signal(SIGPIPE, SIG_IGN)
        let sink = try EventLogSink(target: options.eventLog, policy: .rotate(limitBytes: EventLogSink.systemLimitBytes))
        let start = MonotonicClock.milliseconds()
        let host = try makeHost { event in
            sink.write(TimedEvent(timeMilliseconds: MonotonicClock.milliseconds() - start, event: .system(event)))
        }
        // --log-frames: one frame line per arrow frame committed (Wayland).
        if options.logFrames, let wayland = host as? WaylandSessionHost {
            wayland.frameCommitted = { time in sink.write(TimedEvent(timeMilliseconds: time - start, event: .indicatorFrame(drawMilliseconds: nil))) }
        }
        try SessionSide(host: host, configuration: configuration, socketPath: sessionSocket, log: { sink.write($0) }, clockStart: start)
            .run(stopDescriptor: WindowApp.signalDescriptor)
        return 0
    }

}
