// SPDX-License-Identifier: Apache-2.0
import Glibc

/// A POSIX thread that runs a closure once and is never joined, for the hosts' helper threads
/// (the system host's grab, the watchdogs). Foundation's `Thread` would do the same, but it is in
/// full Foundation, whose ICU data would make the program about four times larger.
public enum DetachedThread {
    /// Starts `body` on a new detached thread.
    ///
    /// - Parameters:
    ///   - name: the thread's name as `top -H` and debuggers show it (at most 15 bytes are kept).
    ///   - stackSize: the stack in bytes, or nil for the system's default (8 MiB on Debian).
    ///   - body: what the thread runs; the thread ends when it returns.
    /// - Returns: false when the system refused a thread (`pthread_create` failed); `body` is then not run.
    @discardableResult
    public static func start(name: String, stackSize: Int? = nil, _ body: @escaping @Sendable () -> Void) -> Bool {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        if let stackSize { pthread_attr_setstacksize(&attributes, stackSize) }
        let context = Unmanaged.passRetained(ThreadWork(name: name, body: body)).toOpaque()
        var thread = pthread_t()
        let started = pthread_create(&thread, &attributes, detachedThreadEntry, context)
        pthread_attr_destroy(&attributes)
        if started != 0 { Unmanaged<ThreadWork>.fromOpaque(context).release() }
        return started == 0
    }
}

/// What a detached thread runs, handed to it through `pthread_create`'s argument.
private final class ThreadWork: Sendable {
    let name: String
    let body: @Sendable () -> Void

    init(name: String, body: @escaping @Sendable () -> Void) {
        self.name = name
        self.body = body
    }
}

/// glibc's `pthread_setname_np`, which Swift's Glibc module does not import (a GNU extension).
private typealias SetThreadName = @convention(c) (pthread_t, UnsafePointer<CChar>) -> Int32

private func detachedThreadEntry(_ argument: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    let work = Unmanaged<ThreadWork>.fromOpaque(argument!).takeRetainedValue()
    if let symbol = dlsym(nil, "pthread_setname_np") {
        _ = unsafeBitCast(symbol, to: SetThreadName.self)(pthread_self(), String(work.name.utf8.prefix(15))!)
    }
    work.body()
    return nil
}
