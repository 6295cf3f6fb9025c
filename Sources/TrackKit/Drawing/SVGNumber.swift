import Foundation

/// Numbers as SVG and HTML want them: one decimal, no exponent, no `-0.0`.
public enum SVGNumber {
    public static func format(_ value: Double, decimals: Int = 1) -> String {
        guard value.isFinite else { return "0" }
        let factor = pow(10, Double(decimals))
        let rounded = (value * factor).rounded() / factor
        if rounded == rounded.rounded() { return String(Int64(rounded)) }
        let text = String(format: "%.\(decimals)f", rounded)
        return text == "-0.0" ? "0" : text
    }
}
