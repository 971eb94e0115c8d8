// The `swipeback` command line (SPEC section 5).
import FoundationEssentials
import Glibc

let status = CommandLineTool.run(Array(CommandLine.arguments.dropFirst()))
exit(status)
