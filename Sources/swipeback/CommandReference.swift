// SPDX-License-Identifier: Apache-2.0
import SwipeBackCore
import SwipeBackFormats

/// Every command with its arguments and options, the exit statuses and the environment: the one
/// source of `swipeback help`, the options each command accepts, the manual page
/// (`swipeback help --man`) and the README's command synopsis (a test compares them).
enum CommandReference {
    /// An option with its argument's name and what it does.
    struct Option {
        /// The flag, `--config`.
        let flag: String
        /// The argument's name, `FILE`; nil for a switch.
        let argument: String?
        /// What it does.
        let summary: String
        /// Whether the command needs it (shown without brackets).
        var required = false
        /// Another spelling the parser accepts (`--output` for `-o`).
        var alias: String?
        /// Whether the option belongs to another form of the command, not to its main synopsis.
        var otherFormOnly = false

        /// `--config FILE`.
        var usage: String { argument.map { flag + " " + $0 } ?? flag }
        /// `-o, --output OUT.png` for the option lists of help and the manual.
        var listing: String { alias.map { flag + ", " + $0 + (argument.map { " " + $0 } ?? "") } ?? usage }
        /// `[--config FILE]`, or `--at MS...` when required.
        var synopsis: String { required ? usage : "[" + usage + "]" }

        /// The same option, required.
        func needed() -> Option { var o = self; o.required = true; return o }
    }

    /// A command: its name, positional arguments, options and what it does.
    struct Command {
        /// The word after `swipeback`.
        let name: String
        /// The positional arguments, as `SCENARIO...`; empty when none.
        let arguments: String
        /// The options it takes.
        let options: [Option]
        /// One line for `swipeback help`.
        let summary: String
        /// The manual page's paragraph.
        let description: String
        /// Other forms of the command, each the rest of a synopsis line after `swipeback NAME`.
        var otherForms: [String] = []

        /// The flags the parser accepts for this command, aliases included.
        var flags: Set<String> { Set(options.flatMap { [$0.flag] + ($0.alias.map { [$0] } ?? []) }) }

        /// `swipeback NAME ARGUMENTS [OPTIONS]` on one line.
        var synopsis: String {
            (["swipeback", name] + (arguments.isEmpty ? [] : [arguments]) + options.filter { !$0.otherFormOnly }.map(\.synopsis))
                .joined(separator: " ")
        }

        /// Every synopsis line: the main form, then the other forms.
        var synopses: [String] { [synopsis] + otherForms.map { "swipeback \(name) " + $0 } }
    }

    // MARK: - Options

    static let config = Option(flag: "--config", argument: "FILE",
                               summary: "read the configuration from FILE (see CONFIGURATION); without it the window commands and system read $XDG_CONFIG_HOME/swipeback/config.json when it exists, the others the defaults")
    static let eventLog = Option(flag: "--event-log", argument: "FILE|-",
                                 summary: "write the event log (JSON lines) to FILE, or to standard output for -")
    static let window = Option(flag: "--window", argument: "WxH",
                               summary: "the window's size in px, 1...32767 each (default 1024x640; a document's split-view frames scale to it)")
    static let scenarioWindow = Option(flag: "--window", argument: "WxH",
                                       summary: "replay at this window size in px, 1...32767 each, instead of the scenario's own window (its stacks' frames scale)")
    static let rtl = Option(flag: "--rtl", argument: nil, summary: "lay out right to left: the back swipe starts at the right edge")
    static let pages = Option(flag: "--pages", argument: "FILE",
                              summary: "a pages document instead of the built-in one (image paths are relative to its folder)")
    static let open = Option(flag: "--open", argument: "ID[,ID...]",
                             summary: "start with one stack of these pages, bottom to top, without animation")
    static let logFrames = Option(flag: "--log-frames", argument: nil, summary: "add one frame line to the event log per presented frame")
    static let json = Option(flag: "--json", argument: nil, summary: "one {\"name\", \"value\", \"unit\", \"goal\"} JSON object per line")
    static let output = Option(flag: "-o", argument: "OUT", summary: "where to write", alias: "--output")
    static let scale = Option(flag: "--scale", argument: "S",
                              summary: "lay out at S px per layout unit, \(LayoutScale.rangeText) (default: Xft.dpi / 96 from the X resources, followed live; or $SWIPEBACK_SCALE)")
    static let windowOptions = [pages, open, window, eventLog, config, rtl, logFrames, scale]

    // MARK: - Commands

    static let commands: [Command] = [
        Command(name: "demo", arguments: "", options: windowOptions,
                summary: "the desktop demo app on the built-in pages",
                description: "Opens the demo in a window on $DISPLAY: a split view of two stacks, each with its own back swipe. Drag a page from its stack's leading edge: release past halfway, or flick, and it pops; closing the window ends it with status 0."),
        Command(name: "kiosk", arguments: "PAGES",
                options: [Option(flag: "--check", argument: nil, summary: "check the document, print every problem, and exit (2 when there are any)"),
                          config, eventLog, rtl, scale],
                summary: "a full-screen touchscreen navigator that cannot be escaped; --check validates the document",
                description: "Runs one navigator on the pages document PAGES full screen, with a hidden pointer, locked keys, a refused close request and an idle return to the root (kioskIdleTimeout). Only kioskExitChord, SIGTERM or SIGINT ends it (status 0); a lost X server ends it with status 1. The document is checked whole before any window opens: every problem is one line, and the status is 2. Fonts are checked too, as warnings (the status stays 0): a font family the system lacks (fontFamily, a page's or element's font) gets one line, and so does each page with characters no installed font shows, naming them and the Debian package that has them (fonts-noto-cjk, fonts-noto-core, fonts-noto-color-emoji)."),
        Command(name: "system", arguments: "", options: [config, eventLog, rtl, logFrames],
                summary: "the swipe back for every app of the session: a finger from a screen edge sends back to the app under it",
                description: "Takes every touch on the display first (a root touch grab) and gives each one back to the apps at once unless it comes down in an outer screen-edge strip (systemEdgeWidth) and moves inward; such a swipe shows an indicator (systemStyle) and, released past systemCommitDistance or flung, sends back to the app under it (mouse button 8 by default; systemBackAction, systemAppActions), forward from the trailing edge when systemForward is on. Terminals, systemExclude's apps, docks, panels and the desktop keep their edge touches, and SwipeBack's own windows keep their own swipe. The action waits until the app is the active window (150 ms at most, else it is logged as failed). The event log is appended to, created 0600 and rotated at 1 MiB. SIGTERM or SIGINT ends it (status 0). Status 2 when DISPLAY is not set, the display is Xwayland, or another client holds the touch grab (GNOME Shell on X11) and swipeback input is not running; status 1 when the X server goes away or the grab loop stops answering for 1 s. On a Wayland session (WAYLAND_DISPLAY set), or on X11 with the grab held and swipeback input running, it is instead the session side of swipeback input, over /run/swipeback/session.sock: for each touch the service holds it names the app (X11: the window under the touch; Wayland: the activated app from wlroots' foreign-toplevel list) with systemExclude and systemAppActions applied, sends the action itself on X11 (on Wayland only a command:, run as the user; keys and buttons go through the service), and shows the arrow (X11: the indicator window; Wayland: a layer-shell overlay); status 2 on Wayland when swipeback input is not running. Runs as a systemd user service: systemctl --user enable --now swipeback-system."),
        Command(name: "input", arguments: "", options: [config, eventLog, rtl],
                summary: "the swipe back at the touchscreen, under any compositor: a system service between each touchscreen and the compositor",
                description: "Takes every touchscreen (udev's ID_INPUT_TOUCHSCREEN) once no finger is on it: grabs it (EVIOCGRAB) and puts a uinput twin with its name, ids, properties and axes in its place, and follows hotplug. A touch that comes down outside the edge strips (systemEdgeWidth mm, from the device's resolution) goes to the twin in the read that saw it; an edge touch is held until decided, then given to the twin from its first point or, as a swipe, kept from it, and a committed swipe sends inputBackAction (key:XF86Back by default) or, from the trailing edge with systemForward, inputForwardAction, through a virtual keyboard and mouse of its own. Reads /etc/swipeback/config.json without --config; a command action is refused (it would run as root). SIGTERM or SIGINT gives held touches to the twins, lets every device go and ends it (status 0); SIGKILL leaves touch working (the kernel ends the grabs and removes the twins). Status 2 without access to /dev/uinput or the devices, or for a configuration it cannot follow; status 1 when its loop stalls for 1 s with a touch held. It offers a session side (swipeback system on a Wayland session) /run/swipeback/session.sock, which only root and the user of seat0's active session (logind; else inputSessionUser) may hold: each held touch then waits for the session's answer (the app, excluded or not, its action) at most systemDecisionTimeout from its down. Runs as the system unit swipeback-input.service."),
        Command(name: "tune", arguments: "", options: windowOptions,
                summary: "the demo with the tuning overlay: change thresholds while swiping, S saves the configuration",
                description: "The demo with the tuning overlay: edge zones, the commit threshold, the finger's trace, progress and velocity, and the decision in words. Up and Down (or Tab) select a tunable, Left and Right (or - and +) change it by its step, P moves to the next feel (keys changed by hand keep their values), H hides the panel, S (or Shift+S) saves the feel and the keys given explicitly to the --config file (created if missing) or the user's configuration file."),
        Command(name: "record", arguments: "OUT.jsonl", options: windowOptions,
                summary: "the demo, recording every input as a scenario that replay plays back",
                description: "Runs the demo and, when its window closes (or on SIGINT or SIGTERM), writes every input as a scenario to OUT.jsonl, with the pages inline and only the configuration keys that differ from the defaults."),
        Command(name: "replay", arguments: "SCENARIO",
                options: [config, eventLog, scenarioWindow, rtl,
                          Option(flag: "--compare", argument: "A.json B.json",
                                 summary: "replay each of one or more SCENARIOs under configuration A and under B and print both decisions of every released swipe",
                                 otherFormOnly: true)],
                summary: "run a scenario headless and print its event log",
                description: "Runs one scenario through the same app model as the window, ticking at 60 Hz, and prints its event log; the last line is final. With --compare it takes one or more scenarios, replays each under both configurations and prints one line per released swipe with both decisions, then {\"differ\": N, \"total\": M}. A swipeback system event log may stand in for the scenarios: its releases are decided again under both.",
                otherForms: ["SCENARIO... --compare A.json B.json [--event-log FILE|-] [--window WxH] [--rtl]"]),
        Command(name: "plot", arguments: "SCENARIO...", options: [Option(flag: "-o", argument: "OUT.png", summary: "the PNG file to write", alias: "--output").needed(), config, scenarioWindow,
                                                                  Option(flag: "--compare", argument: "A.json B.json",
                                                                         summary: "both configurations' regions on one map, each swipe ringed where A and B decide it differently",
                                                                         otherFormOnly: true)],
                summary: "the decision map: each released swipe by progress and velocity over the commit and cancel regions",
                description: "Draws each released swipe at its release progress and velocity (in stack widths per second), green for commit and red for cancel, over the regions where the configuration commits and cancels. With --compare, the regions of both configurations (both commit, both cancel, only A commits, only B commits) and each swipe replayed under both, ringed where the decisions differ. A swipeback system event log may stand in for the scenarios (velocity in monitor widths per second).",
                otherForms: ["SCENARIO... -o OUT.png --compare A.json B.json [--window WxH]"]),
        Command(name: "velocity", arguments: "SCENARIO", options: [config, eventLog],
                summary: "print the velocity tracker's estimate at each pointer release of a scenario",
                description: "Prints one line per pointer release, {\"id\", \"t\", \"vx\", \"vy\"} in px/s, the tracker's estimate, not clamped (null when there is none)."),
        Command(name: "render", arguments: "SCENARIO",
                options: [Option(flag: "--at", argument: "MS...", summary: "the times in ms (as 0 250 500 or 0,250,500)").needed(),
                          Option(flag: "-o", argument: "DIR", summary: "the folder to write DIR/<MS>.png into (created if missing)", alias: "--output").needed(),
                          config, scenarioWindow, rtl],
                summary: "replay a scenario headless and write the frame at each time as PNG",
                description: "Replays the scenario and writes the frame at each time, with the state after every line and tick at or before it."),
        Command(name: "bench", arguments: "", options: [json],
                summary: "measure the engine's cost per input event and per frame; prints, never fails",
                description: "Measures in one run the recognizer and the app model per input event and a mid-swipe frame against a memcpy of the frame at 1080p and 4K, and the cost of a deep stack. Build optimised for real figures."),
        Command(name: "help", arguments: "[COMMAND|config]",
                options: [Option(flag: "--man", argument: nil, summary: "print this manual page (roff) instead")],
                summary: "print usage, a command's options, or the configuration keys",
                description: "Prints the commands, one command's usage and options, or with config every configuration key with its default, unit and range."),
    ]

    /// The exit statuses (SPEC section 5).
    static let exitStatuses: [(status: Int, meaning: String)] = [
        (0, "success; a window command closed by its window, the kiosk's exit chord, SIGINT or SIGTERM"),
        (1, "a run-time failure: no X display, a lost X server, the assets not found, a write that fails (a full disk)"),
        (2, "bad usage or a bad input file (scenario, pages document, configuration), named in one line; also an output path that is not a writable file or folder"),
    ]

    /// The environment variables read.
    static let environment: [(name: String, meaning: String)] = [
        ("DISPLAY", "the X display the window commands and system open"),
        ("XAUTHORITY", "the X authority file, as for any X client"),
        ("SWIPEBACK_ASSETS", "a folder holding fonts/ (DejaVuSans.ttf, DejaVuSans-Bold.ttf) and, for the demo, images/, icons/ and pages.json, instead of the installed share/swipeback"),
        ("XDG_CONFIG_HOME", "where the window commands and system look for swipeback/config.json and tune saves it (default $HOME/.config; with neither set, nothing is read and tune cannot save)"),
        ("HOME", "see XDG_CONFIG_HOME"),
        ("SWIPEBACK_SCALE", "the window commands' layout scale, \(LayoutScale.rangeText) px per layout unit, instead of Xft.dpi / 96 (--scale wins over it)"),
        ("SWIPEBACK_PAGES", "read by the kiosk's systemd unit only: the pages document it shows (default the demo's)"),
        ("SWIPEBACK_NO_PRESENT", "set to 1: the window commands present frames with XShmPutImage, paced by the frame clock, as on a server without the Present extension"),
        ("SWIPEBACK_NO_SHM", "set to 1: the window commands present frames with XPutImage through the socket, without MIT-SHM or Present"),
    ]

    /// The version, kept here only: `swipeback --version` prints it and `make deb` reads it from this line.
    static let version = "0.6.0"
    /// The day this version was made, for the manual page's header.
    static let versionDate = "2026-12-04"

    // MARK: - Help text

    /// `swipeback help [COMMAND]`.
    static func usage(for name: String? = nil) -> String {
        if let name, let command = commands.first(where: { $0.name == name }) {
            var text = "usage: " + command.synopses.joined(separator: "\n       ") + "\n\n" + command.summary + "\n"
            if !command.options.isEmpty {
                text += "\noptions:\n"
                let width = (command.options.map(\.listing.count).max() ?? 0) + 2
                for option in command.options { text += "  " + padded(option.listing, to: width) + option.summary + "\n" }
            }
            return text
        }
        var text = "usage: swipeback COMMAND [OPTIONS]\n\ncommands:\n"
        for command in commands {
            text += "  " + padded(command.name, to: 10) + command.summary + "\n"
        }
        return text + "\nswipeback help COMMAND shows a command's options; swipeback help config the configuration keys;\nswipeback --version the version.\n"
    }

    /// `swipeback NAME ...`: a command's synopsis lines, for usage errors.
    static func usageLine(_ name: String) -> String {
        commands.first { $0.name == name }.map { $0.synopses.joined(separator: " | ") } ?? "swipeback help"
    }

    // MARK: - Manual page

    /// The manual page `swipeback(1)` in roff (man macros).
    static func manualPage() -> String {
        var page = """
        .TH SWIPEBACK 1 \(versionDate) "swipeback \(version)" "User Commands"
        .SH NAME
        swipeback \\- the interactive pop (swipe back) for X11 desktops and kiosks
        .SH SYNOPSIS

        """
        for command in commands {
            for line in command.synopses { page += synopsis(line, of: command) + ".br\n" }
        }
        page += ".B swipeback \\-\\-version\n"
        page += """
        .SH DESCRIPTION
        SwipeBack shows a navigation stack of pages in an X11 window.
        Drag the top page from the stack's leading edge, by touch, with the mouse or
        with a touchpad, and it follows the finger while the page beneath slides in
        with parallax; let go and the pop commits or cancels from the release velocity
        and distance.
        Pages come from a JSON pages document; scenarios (JSON lines of timed input)
        replay headless to the same event log as the window.
        .SH COMMANDS

        """
        for command in commands {
            page += ".SS " + roff(command.name) + "\n"
            for line in command.synopses { page += synopsis(line, of: command) + ".br\n" }
            page += ".PP\n" + roff(command.description) + "\n"
            for option in command.options {
                page += ".TP\n.B " + roff(option.listing) + "\n" + roff(option.summary) + "\n"
            }
        }
        page += ".SS \\-\\-version\nPrints the version.\n"
        page += ".SH CONFIGURATION\n" + roff("A JSON object with any of these keys; an unknown key or a value out of range is an error that names the key, the value and the range.") + "\n"
        for key in Configuration.keys {
            var facts = ["default " + key.defaultText]
            if !key.unit.isEmpty { facts.append(key.unit) }
            if !key.rangeText.isEmpty { facts.append(key.rangeText) }
            page += ".TP\n.B " + roff(key.name) + "\n" + roff("(" + facts.joined(separator: "; ") + ") " + key.summary) + "\n"
        }
        page += ".SH EXIT STATUS\n"
        for (status, meaning) in exitStatuses { page += ".TP\n.B \(status)\n" + roff(meaning) + "\n" }
        page += ".SH ENVIRONMENT\n"
        for (name, meaning) in environment { page += ".TP\n.B " + name + "\n" + roff(meaning) + "\n" }
        page += """
        .SH FILES
        Paths under /usr for the Debian package,
        under the PREFIX of make install otherwise.
        .TP
        .I /usr/share/swipeback/
        the assets, found as ../share/swipeback beside the program's folder:
        the fonts, the demo's images and icon, and the demo's pages.json
        .TP
        .I /usr/share/applications/swipeback.desktop
        the demo in the desktop's menu, with the icon
        .I /usr/share/icons/hicolor/*/apps/swipeback.png
        .TP
        .I /usr/lib/systemd/user/swipeback\\-kiosk.service
        the kiosk as a systemd user unit (its comments say how to set it up)
        .TP
        .I ~/.config/swipeback/config.json
        the window commands' configuration, saved by tune
        .SH SEE ALSO
        /usr/share/doc/swipeback/README.md (what it is, and the map of the
        guides), and in /usr/share/doc/swipeback/docs: KIOSK.md (the operator's
        guide), CONFIGURATION.md (every key, the feels), TUNING.md (overlay,
        record, replay, compare, plot), EMBEDDING.md (the Swift API),
        PERFORMANCE.md, TESTING.md, SPEC.md (the pages document, scenario,
        event log and configuration formats) and DESIGN.md (the behaviour
        contracts and where the defaults come from).

        """
        return page
    }

    /// One synopsis line of `command` in roff: `swipeback NAME` in bold, the rest after it.
    static func synopsis(_ line: String, of command: Command) -> String {
        let rest = String(line.dropFirst("swipeback \(command.name)".count)).drop { $0 == " " }
        return ".B swipeback " + roff(command.name) + "\n" + (rest.isEmpty ? "" : roff(String(rest)) + "\n")
    }

    /// `text` as roff text lines of at most 80 bytes: backslashes and hyphens escaped, no line
    /// starting with a dot or a quote (roff joins the lines again with spaces).
    static func roff(_ text: String) -> String {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            var escaped = String(word).replacing("\\", with: "\\e").replacing("-", with: "\\-").replacing("²", with: "\\(S2")
            if escaped.hasPrefix(".") || escaped.hasPrefix("'") { escaped = "\\&" + escaped }
            if !line.isEmpty, line.utf8.count + 1 + escaped.utf8.count > 78 {
                lines.append(line)
                line = escaped
            } else {
                line += (line.isEmpty ? "" : " ") + escaped
            }
        }
        lines.append(line)
        return lines.joined(separator: "\n")
    }
}
