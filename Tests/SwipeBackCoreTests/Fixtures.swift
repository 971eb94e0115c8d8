// SPDX-License-Identifier: Apache-2.0
import Foundation
import SwipeBackFormats
import SwipeBackTestSupport

/// Paths of the checked-in test fixtures (`Tests/Fixtures`).
enum Fixtures {
    static let directory = TestPaths.fixtures

    /// The JSON object in the fixture at `relativePath`, read by the one strict parser.
    static func json(_ relativePath: String) throws -> [String: JSONValue] {
        let path = directory.appendingPathComponent(relativePath).path
        guard let object = try JSONValue.parse(try String(contentsOfFile: path, encoding: .utf8), file: path, line: nil).objectValue else {
            throw FormatError(file: path, line: nil, message: "expected a JSON object")
        }
        return object
    }
}
