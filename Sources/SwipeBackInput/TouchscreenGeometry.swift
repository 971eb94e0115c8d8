// SPDX-License-Identifier: Apache-2.0
import SwipeBackCore

/// Where a touchscreen's contacts are on its display, in the units `SystemSwipe` decides in: px at
/// 96 dpi (a layout unit), with the display upright, so the strip, the slops and the commit
/// distance are the same physical size on every device.
///
/// The device's axes give positions in device units and, in their resolution, units per mm. The
/// calibration matrix turns the device's normalised coordinates into the display's, as libinput's
/// `LIBINPUT_CALIBRATION_MATRIX` does (a udev property set for rotated or mirrored screens).
public struct TouchscreenGeometry: Equatable, Sendable {
    /// One absolute axis of the device.
    public struct Axis: Equatable, Sendable {
        /// The least and the greatest value, device units (`maximum` more than `minimum`).
        public var minimum: Int32, maximum: Int32
        /// Units per mm; 0 when the device does not say.
        public var resolution: Int32

        /// Creates an axis.
        public init(minimum: Int32, maximum: Int32, resolution: Int32) {
            self.minimum = minimum
            self.maximum = maximum
            self.resolution = resolution
        }

        /// The axis's length in mm, or `fallback` when the device gives no resolution.
        func millimetres(fallback: Double) -> Double {
            resolution > 0 ? Double(max(maximum - minimum, 1)) / Double(resolution) : fallback
        }

        /// `value` as a fraction of the axis, 0...1 (not clamped).
        func normalised(_ value: Int32) -> Double {
            Double(value - minimum) / Double(max(maximum - minimum, 1))
        }
    }

    /// The size taken for a device that gives no resolution, mm: a 15.6-inch 16:9 panel
    /// (344 x 194 mm), the commonest kiosk and laptop touchscreen.
    public static let fallbackMillimetres = (width: 344.0, height: 194.0)

    /// The device's x and y axes (`ABS_MT_POSITION_X`, `ABS_MT_POSITION_Y`).
    public var x: Axis, y: Axis
    /// The calibration matrix [a, b, c, d, e, f]: display x = a·x + b·y + c, display y = d·x + e·y + f,
    /// on coordinates normalised to 0...1 (libinput's order).
    public var calibration: [Double]

    /// The identity: the display is the device, upright.
    public static let identity: [Double] = [1, 0, 0, 0, 1, 0]

    /// The matrix for a display turned `degrees` clockwise from the device (0, 90, 180, 270;
    /// libinput's documented matrices); nil for another angle.
    public static func rotation(degrees: Int) -> [Double]? {
        switch degrees {
        case 0: identity
        case 90: [0, -1, 1, 1, 0, 0]
        case 180: [-1, 0, 1, 0, -1, 1]
        case 270: [0, 1, 0, -1, 0, 1]
        default: nil
        }
    }

    /// Creates the geometry.
    ///
    /// - Parameters:
    ///   - x, y: the device's position axes.
    ///   - calibration: six numbers (`identity` when not six, or not finite).
    public init(x: Axis, y: Axis, calibration: [Double] = TouchscreenGeometry.identity) {
        self.x = x
        self.y = y
        self.calibration = calibration.count == 6 && calibration.allSatisfy(\.isFinite) ? calibration : Self.identity
    }

    /// The display's size in mm: the device's, its axes swapped as the matrix swaps them.
    public var millimetres: (width: Double, height: Double) {
        let width = x.millimetres(fallback: Self.fallbackMillimetres.width)
        let height = y.millimetres(fallback: Self.fallbackMillimetres.height)
        let m = calibration
        return (abs(m[0]) * width + abs(m[1]) * height, abs(m[3]) * width + abs(m[4]) * height)
    }

    /// The display as one screen area, px at 96 dpi, with its size in mm.
    public var area: ScreenArea {
        let size = millimetres
        return ScreenArea(x: 0, y: 0, width: size.width * Self.pixelsPerMillimetre, height: size.height * Self.pixelsPerMillimetre,
                          widthMillimetres: size.width, heightMillimetres: size.height)
    }

    /// px per mm at 96 dpi: the unit the decisions work in.
    public static let pixelsPerMillimetre = 96 / 25.4

    /// The display point of a contact at device position (`x`, `y`), px at 96 dpi.
    public func point(x deviceX: Int32, y deviceY: Int32) -> Point {
        let nx = x.normalised(deviceX), ny = y.normalised(deviceY), m = calibration
        let size = area
        return Point(x: (m[0] * nx + m[1] * ny + m[2]) * size.width, y: (m[3] * nx + m[4] * ny + m[5]) * size.height)
    }
}
