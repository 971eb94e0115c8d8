// SPDX-License-Identifier: Apache-2.0
// The `swipeback` command line (SPEC section 5).
import FoundationEssentials
import Glibc
import SwipeBackX11

// A window command's stop signals (SIGTERM from a supervisor, Ctrl+C) are caught first of all, so
// one that arrives while the command starts is not lost: the window then closes at once, as by
// its close button (status 0, a recording written). The headless commands keep the default action.
if CommandLineTool.closesOnSignals(Array(CommandLine.arguments.dropFirst())) { WindowApp.closeOnSignals() }

let status = CommandLineTool.run(Array(CommandLine.arguments.dropFirst()))
exit(status)
