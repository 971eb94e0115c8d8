// SPDX-License-Identifier: Apache-2.0
/// The limits every reader states (README "Limits"): past one, the reader stops with one line
/// that names the limit, and status 2. They are far above what a real document or recording
/// needs, and low enough that no input can make a reader hang or run out of memory.
public enum InputLimits {
    /// The largest scenario file, in bytes (64 MiB: about ten hours of recorded touch).
    public static let scenarioBytes = 64 << 20
    /// The longest scenario header line, in bytes (it may hold a pages document inline).
    public static let scenarioHeaderBytes = pagesDocumentBytes
    /// The longest scenario line after the header, in bytes (a real one is under 200).
    public static let scenarioLineBytes = 64 << 10
    /// The largest pages document, in bytes (16 MiB).
    public static let pagesDocumentBytes = 16 << 20
    /// The largest configuration file, in bytes (1 MiB).
    public static let configurationBytes = 1 << 20
    /// The latest time a scenario line may have, in ms: 10^12 ms (about 31.7 years). Up to here a
    /// Double still tells one 60 Hz frame tick from the next exactly enough to count them.
    public static let timeMilliseconds = 1e12
    /// The most pages a pages document may define.
    public static let pages = 10_000
    /// The most elements one page may have.
    public static let elementsPerPage = 1_000
    /// The most stacks a document or header may have.
    public static let stacks = 64
    /// The most page ids one stack may start with.
    public static let pagesPerStack = 10_000
    /// The most images one carousel may have.
    public static let carouselItems = 1_000
    /// The largest image file, in bytes (64 MiB).
    public static let imageBytes = 64 << 20
    /// The widest and tallest image, in px.
    public static let imageSide = 16_384
    /// The most pixels one image may have (16 Mpx: 64 MiB once decoded).
    public static let imagePixels = 16 << 20
}
