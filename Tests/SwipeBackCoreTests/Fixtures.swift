// SPDX-License-Identifier: Apache-2.0
import Foundation

/// Paths of the checked-in test fixtures (`Tests/Fixtures`).
enum Fixtures {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func json(_ relativePath: String) throws -> [String: Any] {
        let data = try Data(contentsOf: directory.appendingPathComponent(relativePath))
        return try JSONSerialization.jsonObject(with: data) as! [String: Any]
    }
}
