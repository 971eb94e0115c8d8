import FoundationEssentials
import Glibc

/// Finds the assets (fonts, images, the demo's pages): `$SWIPEBACK_ASSETS`, else
/// `<the executable's folder>/../share/swipeback` (an installed program), else the `Assets`
/// folder of the source tree a development build was made from.
public enum AssetLocator {
    /// The assets folder's path: a folder with `fonts/` in it.
    ///
    /// - Throws: `RenderError` when `$SWIPEBACK_ASSETS` is set but has no `fonts` folder, or when
    ///   no place holds the assets; the one-line message names every place it looked.
    public static func assetsDirectory() throws -> String {
        if let env = ProcessInfo.processInfo.environment["SWIPEBACK_ASSETS"], !env.isEmpty {
            guard holdsAssets(env) else {
                throw RenderError("SWIPEBACK_ASSETS=\(env): expected an assets folder with fonts/ in it")
            }
            return env
        }
        let places = candidates(executable: executablePath())
        if let found = places.first(where: holdsAssets) { return found }
        throw RenderError("cannot find the assets (fonts, images, pages.json); looked in "
                          + places.joined(separator: ", ") + "; set SWIPEBACK_ASSETS to a folder that holds them")
    }

    /// The places to look, in order, for a program at `executable` (nil when unknown).
    ///
    /// - Parameter executable: the running program's resolved path.
    /// - Returns: `<its folder>/../share/swipeback` (normalised), then the source tree's `Assets`.
    public static func candidates(executable: String?) -> [String] {
        var places: [String] = []
        if let executable, let slash = executable.lastIndex(of: "/") {
            let bin = String(executable[..<slash])
            places.append(parent(of: bin.isEmpty ? "/" : bin) + "/share/swipeback")
        }
        // <repo>/Sources/SwipeBackRender/Assets.swift -> <repo>/Assets
        places.append(parent(of: parent(of: parent(of: #filePath))) + "/Assets")
        return places
    }

    /// Whether `folder` holds the assets (a `fonts` folder).
    static func holdsAssets(_ folder: String) -> Bool {
        var isDirectory = false
        return FileManager.default.fileExists(atPath: folder + "/fonts", isDirectory: &isDirectory) && isDirectory
    }

    /// The running program's path with symbolic links resolved, from `/proc/self/exe`.
    static func executablePath() -> String? {
        guard let resolved = realpath("/proc/self/exe", nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The folder holding `path` (`/` for a top-level entry).
    private static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
        return String(path[..<slash])
    }
}
