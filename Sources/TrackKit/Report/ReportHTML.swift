import Foundation

/// The parts every trackdrop HTML page shares: the head with its inline style, and how figures are spelled.
public enum ReportHTML {
    public static func head(title: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
        <link rel="icon" href="data:,">
        <title>\(HTMLText.escape(title))</title>
        <style>
        body{font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:24px auto;max-width:1000px;padding:0 16px;color:#1b1f24;background:#fff}
        h1{font-size:22px;margin:0 0 4px}h2{font-size:17px;margin:22px 0 8px}.file{font-family:ui-monospace,monospace;font-size:19px}
        .verdict{margin:0 0 12px;color:#555}.verdict.ok::before{content:"✓ ";color:#2b8a3e}.verdict.bad::before{content:"✗ ";color:#c92a2a}
        .summary{display:flex;gap:32px;flex-wrap:wrap;align-items:flex-start}
        table.figures{border-collapse:collapse}table.figures th,table.figures td{padding:4px 12px;text-align:right;border-bottom:1px solid #e3e6ea}
        table.figures th:first-child{text-align:left;font-weight:600}.change{color:#555}
        ul.removed,ul.legend,ul.stats{list-style:none;padding:0;margin:0}ul.legend{display:flex;gap:18px;flex-wrap:wrap;margin-top:6px;font-size:13px}
        .swatch{display:inline-block;width:10px;height:10px;border-radius:2px;margin-right:6px}
        .line{display:inline-block;width:22px;height:2px;margin-right:6px;vertical-align:middle}.line.thick{height:4px}
        svg.key{width:12px;height:12px;margin-right:6px;vertical-align:-1px}
        svg.map{width:100%;height:auto;border:1px solid #d0d5db;border-radius:6px;display:block}
        svg.map .ground{fill:#f6f8f4}svg.map .track{fill:none;stroke-linejoin:round;stroke-linecap:round}
        svg.map .marks{stroke:#fff;stroke-width:0.6}svg.map .scale line{stroke:#1b1f24;stroke-width:2}svg.map text{font-size:12px;fill:#1b1f24}
        svg.chart{width:100%;height:auto;display:block}svg.chart .plot{fill:#fafbfc;stroke:#d0d5db}svg.chart .grid{stroke:#e3e6ea}
        svg.chart text{font-size:11px;fill:#555}svg.chart .series polyline{fill:none;stroke-width:1.6;stroke-linejoin:round}
        ul.issues li.error code{color:#c92a2a}ul.issues li.warning code{color:#b35c00}
        .note,.empty{color:#555;font-size:13px}footer{margin-top:28px;color:#777;font-size:12px}
        ul.stats{display:flex;gap:28px;flex-wrap:wrap}ul.stats li b{display:block;font-size:20px}
        table.list{border-collapse:collapse;width:100%}table.list td,table.list th{padding:6px 10px;border-bottom:1px solid #e3e6ea;text-align:left}
        </style></head><body>
        """
    }

    /// What every map carries: the scale bar (on a light plate, so a track never hides it) and north.
    public static func mapFurniture(_ projection: MapProjection) -> String {
        let bar = projection.scaleBar
        let y = projection.height - 18
        let end = SVGNumber.format(16 + bar.pixels)
        var svg = "<g id=\"scale-bar\" class=\"scale\"><rect x=\"8\" y=\"\(SVGNumber.format(projection.height - 40))\" width=\"\(SVGNumber.format(bar.pixels + 16))\" height=\"32\" rx=\"4\" fill=\"#fff\" fill-opacity=\"0.8\"/>"
        svg += "<line x1=\"16\" x2=\"\(end)\" y1=\"\(SVGNumber.format(y))\" y2=\"\(SVGNumber.format(y))\"/>"
        svg += "<line x1=\"16\" x2=\"16\" y1=\"\(SVGNumber.format(y - 5))\" y2=\"\(SVGNumber.format(y + 1))\"/><line x1=\"\(end)\" x2=\"\(end)\" y1=\"\(SVGNumber.format(y - 5))\" y2=\"\(SVGNumber.format(y + 1))\"/>"
        svg += "<text x=\"\(SVGNumber.format(16 + bar.pixels / 2))\" y=\"\(SVGNumber.format(y - 7))\" text-anchor=\"middle\">\(length(bar.meters))</text></g>"
        svg += "<text x=\"\(SVGNumber.format(projection.width - 20))\" y=\"\(SVGNumber.format(projection.height - 12))\" class=\"north\" text-anchor=\"middle\">N ↑</text>"
        return svg
    }

    public static func kilometres(_ meters: Double) -> String {
        String(format: "%.2f km", meters.isFinite ? meters / 1000 : 0)
    }

    public static func length(_ meters: Double) -> String {
        meters >= 1000 ? SVGNumber.format(meters / 1000, decimals: 1) + " km" : SVGNumber.format(meters, decimals: 0) + " m"
    }
}
