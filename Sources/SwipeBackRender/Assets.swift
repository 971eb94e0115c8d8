import Foundation

/// Finds the `Assets/` folder: `$SWIPEBACK_ASSETS`, else the one in the source tree this was built from.
public enum AssetLocator {
    /// The Assets folder's path.
    ///
    /// - Throws: `RenderError` when `$SWIPEBACK_ASSETS` is set but has no `fonts` folder, or when the
    ///   source tree's Assets folder is gone.
    public static func assetsDirectory() throws -> String {
        var candidates: [String] = []
        if let env = ProcessInfo.processInfo.environment["SWIPEBACK_ASSETS"], !env.isEmpty {
            guard FileManager.default.fileExists(atPath: env + "/fonts") else {
                throw RenderError("SWIPEBACK_ASSETS=\(env): expected an Assets folder with fonts/ in it")
            }
            return env
        }
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
