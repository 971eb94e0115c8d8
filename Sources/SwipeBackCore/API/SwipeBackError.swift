// SPDX-License-Identifier: Apache-2.0

/// What every SwipeBack error says: one line a user can act on (`description`), and the exit
/// status the command line gives it (SPEC section 5: 2 for bad usage or input, 1 at run time).
/// An app that embeds SwipeBack catches these like any error; only the command line exits.
public protocol SwipeBackError: Error, CustomStringConvertible {
    /// The command line's exit status for it: 2 for bad usage or input, 1 for a failure at run time.
    var exitStatus: Int32 { get }
}

extension SwipeBackError {
    /// 1: a failure at run time.
    public var exitStatus: Int32 { 1 }
}
