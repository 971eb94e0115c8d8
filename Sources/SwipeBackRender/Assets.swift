import Foundation

/// Finds the `Assets/` folder: `$SWIPEBACK_ASSETS`, else the one in the source tree this was built from.
public enum AssetLocator {
    /// The Assets folder's path.
    ///
    /// - Throws: `RenderError` when neither place has an `Assets/fonts` folder.
    public static func assetsDirectory() throws -> String {
        var candidates: [String] = []
        if let env = ProcessInfo.processInfo.environment["SWIPEBACK_ASSETS"], !env.isEmpty { candidates.append(env) }
        // <repo>/Sources/SwipeBackRender/Assets.swift -> <repo>/Assets
        let source = URL(fileURLWithPath: #filePath)
        candidates.append(source.deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Assets").path)
        for candidate in candidates where FileManager.default.fileExists(atPath: candidate + "/fonts") {
            return candidate
        }
        throw RenderError("cannot find the Assets folder (looked at \(candidates.joined(separator: ", "))); set SWIPEBACK_ASSETS")
    }
}
