// SPDX-License-Identifier: Apache-2.0
import Foundation

/// Where the repository and its checked-in fixtures are, for every test target.
public enum TestPaths {
    /// The repository's root folder.
    public static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// `Tests/Fixtures`.
    public static let fixtures = repository.appendingPathComponent("Tests/Fixtures")
}
