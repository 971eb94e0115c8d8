// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials
import Glibc

/// Finds the assets (fonts, images, the demo's pages): `$SWIPEBACK_ASSETS`, else
/// `<the executable's folder>/../share/swipeback` (an installed program), else, for a program that
/// runs from inside the source tree it was built from (a development build under `.build`), that
/// tree's `Assets` folder. A program copied or installed elsewhere never reads the build tree.
public enum AssetLocator {
    /// The assets folder's path: a folder with `fonts/` in it.
    ///
    /// - Throws: `RenderError` when `$SWIPEBACK_ASSETS` is set but has no `fonts` folder, or when
    ///   no place holds the assets; the one-line message names every place it looked.
    public static func assetsDirectory() throws -> String {
        if let env = ProcessInfo.processInfo.environment["SWIPEBACK_ASSETS"], !env.isEmpty {
            guard holdsAssets(env) else {
                throw RenderError("SWIPEBACK_ASSETS=\(env): expected an assets folder with " + requiredFiles.joined(separator: " and ") + " in it")
            }
            return env
        }
        let places = candidates(executable: executablePath())
        if let found = places.first(where: holdsAssets) { return found }
        throw RenderError("cannot find the assets (" + requiredFiles.joined(separator: " and ") + "); looked in "
                          + places.joined(separator: ", ") + "; set SWIPEBACK_ASSETS to a folder that holds them")
    }

    /// The places to look, in order, for a program at `executable` (nil when unknown).
    ///
    /// - Parameters:
    ///   - executable: the running program's resolved path.
    ///   - sourceTree: the source tree this was built from.
    /// - Returns: `<its folder>/../share/swipeback` (normalised), then the source tree's `Assets`
    ///   when the program lies inside that tree's `.build` folder.
    public static func candidates(executable: String?, sourceTree: String = builtFromSourceTree) -> [String] {
        var places: [String] = []
        if let executable, let slash = executable.lastIndex(of: "/") {
            let bin = String(executable[..<slash])
            let prefix = parent(of: bin.isEmpty ? "/" : bin)
            places.append((prefix == "/" ? "" : prefix) + "/share/swipeback")
        }
        if executable == nil || executable!.hasPrefix(sourceTree + "/.build/") {
            places.append(sourceTree + "/Assets")
        }
        return places
    }

    /// The source tree this file was compiled in: `<repo>/Sources/SwipeBackRender/Assets.swift` -> `<repo>`.
    public static let builtFromSourceTree = parent(of: parent(of: parent(of: #filePath)))

    /// The files an assets folder must hold: the shipped font.
    public static let requiredFiles = ["fonts/DejaVuSans.ttf", "fonts/DejaVuSans-Bold.ttf"]

    /// Whether `folder` holds the assets (the shipped font's files).
    static func holdsAssets(_ folder: String) -> Bool {
        requiredFiles.allSatisfy { FileManager.default.isReadableFile(atPath: folder + "/" + $0) }
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
