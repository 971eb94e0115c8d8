/// A problem in an input file: which file, which line (from 1) when known, and what was expected.
public struct FormatError: Error, Equatable, CustomStringConvertible {
    /// The file's path as the user gave it.
    public var file: String
    /// The line, from 1, or nil for whole-document problems.
    public var line: Int?
    /// What is wrong and what was expected.
    public var message: String

    /// Creates an error.
    public init(file: String, line: Int?, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    /// `FILE:LINE: message`, or `FILE: message` without a line (SPEC section 5).
    public var description: String {
        if let line { return "\(file):\(line): \(message)" }
        return "\(file): \(message)"
    }
}
