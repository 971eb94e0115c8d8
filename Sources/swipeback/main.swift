// The `swipeback` command line (SPEC section 5).
import Foundation

let status = CommandLineTool.run(Array(CommandLine.arguments.dropFirst()))
exit(status)
