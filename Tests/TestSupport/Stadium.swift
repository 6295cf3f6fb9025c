import Foundation

/// The shape of a running track for the tests: two straights joined by two half circles, in metres, anticlockwise from
/// the start of the home straight at (0, centreNorth − radius), the bends' centres at (straight, centreNorth) and
/// (0, centreNorth). A standard 400 m track's lane 1 by default (84.39 m straights, 36.80 m bends: 400.00 m a lap).
public enum Stadium {
    /// The point `metres` along the line, going round lap after lap.
    public static func point(
        _ metres: Double, straight: Double = 84.39, radius: Double = 36.8, centreNorth: Double? = nil
    ) -> (x: Double, y: Double) {
        let centre = centreNorth ?? radius
        let bend = Double.pi * radius
        let a = metres.truncatingRemainder(dividingBy: lap(straight: straight, radius: radius))
        if a < straight { return (a, centre - radius) }
        if a < straight + bend {
            let angle = (a - straight) / radius - Double.pi / 2
            return (straight + radius * cos(angle), centre + radius * sin(angle))
        }
        if a < 2 * straight + bend { return (straight - (a - straight - bend), centre + radius) }
        let angle = (a - 2 * straight - bend) / radius + Double.pi / 2
        return (radius * cos(angle), centre + radius * sin(angle))
    }

    /// A lap's length, metres.
    public static func lap(straight: Double = 84.39, radius: Double = 36.8) -> Double {
        2 * (straight + Double.pi * radius)
    }
}
