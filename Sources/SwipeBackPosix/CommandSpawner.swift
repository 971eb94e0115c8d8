// SPDX-License-Identifier: Apache-2.0
import Glibc

/// Starts a `command:` action: `/bin/sh -c LINE` with every signal at its default action and
/// none blocked, so the command gets SIGPIPE as any shell command does (`swipeback system`
/// ignores SIGPIPE itself, and an ignored signal would otherwise pass through exec: Foundation's
/// `Process` keeps it, measured), and a thread of its own that reaps it.
public enum CommandSpawner {
    /// Spawns `/bin/sh -c line` with the process's environment plus `environment`.
    ///
    /// - Parameters:
    ///   - line: the shell command.
    ///   - environment: variables added (or replaced), like `SWIPEBACK_WINDOW`.
    /// - Returns: false when it could not be started.
    public static func spawn(_ line: String, environment: [String: String]) -> Bool {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var all = sigset_t(), none = sigset_t()
        sigfillset(&all)
        sigemptyset(&none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        var variables: [String] = []
        var index = 0
        while let entry = environ[index] {
            let text = String(cString: entry)
            if let name = text.split(separator: "=", maxSplits: 1).first, environment[String(name)] == nil { variables.append(text) }
            index += 1
        }
        variables += environment.map { "\($0.key)=\($0.value)" }
        let arguments = ["/bin/sh", "-c", line]
        var pid: pid_t = 0
        let status = withCStrings(arguments) { argv in
            withCStrings(variables) { envp in posix_spawn(&pid, "/bin/sh", nil, &attributes, argv, envp) }
        }
        guard status == 0 else { return false }
        // Reaped on a thread of its own: no zombie, and no process-wide SIGCHLD handler.
        var thread = pthread_t()
        let context = UnsafeMutablePointer<pid_t>.allocate(capacity: 1)
        context.initialize(to: pid)
        let started = pthread_create(&thread, nil, { pointer in
            let child = pointer!.assumingMemoryBound(to: pid_t.self)
            var status: Int32 = 0
            while waitpid(child.pointee, &status, 0) < 0 && errno == EINTR {}
            child.deallocate()
            return nil
        }, context)
        if started == 0 { pthread_detach(thread) } else { context.deallocate() }
        return true
    }

    /// Calls `body` with a NULL-terminated array of C strings copied from `strings`.
    private static func withCStrings<T>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> T) -> T {
        let pointers = strings.map { strdup($0) } + [nil]
        defer { pointers.forEach { free($0) } }
        return body(pointers)
    }
}
