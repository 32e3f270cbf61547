import ZoetropeCore
import ZoetropeFiles

/// Draws charts, stacked vertically, into one PNG, with an optional `StateBand` beneath on the
/// same time axis.
public enum ChartRenderer {
    /// Where a chart's legend goes.
    public enum LegendPlacement: Sendable {
        /// In the corner of the plot that hides the fewest points.
        case inside
        /// In a margin right of the plot, for many or long names; every panel's plot (and the
        /// band) narrows alike, so they keep one time axis.
        case margin
    }

    /// The PNG of `panels` stacked top to bottom, `width` × `panelHeight` pixels each, then `band`.
    public static func png(_ panels: [Chart], band: StateBand? = nil, legend: LegendPlacement = .inside, width: Int = 960,
                           panelHeight: Int = 540) throws(CairoError) -> [UInt8] {
        let bandHeight = band.map(Self.height(of:)) ?? 0
        let drawer = try FrameDrawer(width: width, height: panelHeight * panels.count + bandHeight)
        let context = drawer.context
        context.resetTransform()
        context.paint(.white)
        var right = plotRight
        if legend == .margin, let widest = panels.map({ legendWidth($0, in: context) }).max(), widest > 0 {
            right = min(widest + 24, Double(width) / 2)
        }
        for (index, chart) in panels.enumerated() {
            draw(chart, in: context, top: Double(index * panelHeight), width: Double(width), height: Double(panelHeight),
                 right: right, legend: legend)
        }
        if let band {
            let range = panels.first?.xRange ?? 0...1
            draw(band, in: context, top: Double(panelHeight * panels.count), left: plotLeft, right: Double(width) - right,
                 range: range)
        }
        try context.checkStatus()
        return try drawer.pngData()
    }

    /// The margins of a chart's plot area: tick labels on the left.
    static let plotLeft = 78.0, plotRight = 24.0

    private static let ink = Color(hex: "#222222") ?? .black
    private static let grid = Color(hex: "#E4E4E4") ?? .white
    private static let muted = Color(hex: "#777777") ?? .black

    /// The width of `chart`'s legend box; 0 when it has none (one unnamed series).
    private static func legendWidth(_ chart: Chart, in context: CairoContext) -> Double {
        guard chart.series.count > 1 || !(chart.series.first?.name.isEmpty ?? true) else { return 0 }
        return (chart.series.map { context.labelWidth($0.name, size: 12) }.max() ?? 0) + 44
    }

    private static func draw(_ chart: Chart, in context: CairoContext, top: Double, width: Double, height: Double,
                             right: Double, legend placement: LegendPlacement) {
        let plot = (left: plotLeft, right: width - right, top: top + 48, bottom: top + height - 58)
        let all = (chart.series.flatMap(\.points) + chart.handles.flatMap { [$0.anchor, $0.point] })
            .filter { $0.x.isFinite && $0.y.isFinite }
        var xs = (all.map(\.x) + chart.markers.map(\.x)).filter(\.isFinite), ys = (all.map(\.y) + chart.guides).filter(\.isFinite)
        if xs.isEmpty { xs = [0, 1] }
        if ys.isEmpty { ys = [0, 1] }
        var (xLow, xHigh) = (xs.min() ?? 0, xs.max() ?? 1)
        var (yLow, yHigh) = (ys.min() ?? 0, ys.max() ?? 1)
        // A flat line gets a span of 1 (or, past 5e8, a billionth of its value, which 1 would not move).
        if xHigh - xLow < 1e-12 { xHigh = max(xLow + 1, xLow + abs(xLow) * 1e-9) }
        if yHigh - yLow < 1e-12 {
            let half = max(0.5, abs(yLow) * 1e-9)
            yLow -= half
            yHigh += half
        }
        // Spans past Double's range (−1e308...1e308) are taken in halves.
        let pad = (yHigh - yLow).isFinite ? (yHigh - yLow) * 0.06 : (yHigh / 2 - yLow / 2) * 0.12
        (yLow, yHigh) = (max(yLow - pad, -.greatestFiniteMagnitude), min(yHigh + pad, .greatestFiniteMagnitude))
        xLow = min(xLow, 0)
        if let range = chart.xRange, range.upperBound > range.lowerBound { (xLow, xHigh) = (range.lowerBound, range.upperBound) }
        func share(_ value: Double, _ low: Double, _ high: Double) -> Double {
            (high - low).isFinite ? (value - low) / (high - low) : (value / 2 - low / 2) / (high / 2 - low / 2)
        }
        func px(_ x: Double) -> Double { plot.left + share(x, xLow, xHigh) * (plot.right - plot.left) }
        func py(_ y: Double) -> Double { plot.bottom - share(y, yLow, yHigh) * (plot.bottom - plot.top) }

        context.drawLabel(chart.title, x: (plot.left + plot.right) / 2, y: top + 22, alignment: .center, size: 16,
                          color: ink, bold: true)
        // Grid and ticks.
        let xTicks = Ticks.values(from: xLow, to: xHigh), yTicks = Ticks.values(from: yLow, to: yHigh)
        let xStep = xTicks.count > 1 ? xTicks[1] - xTicks[0] : 1, yStep = yTicks.count > 1 ? yTicks[1] - yTicks[0] : 1
        for x in xTicks {
            context.moveTo(px(x), plot.top)
            context.lineTo(px(x), plot.bottom)
            context.stroke(width: 1, color: grid)
            context.drawLabel(Ticks.label(x, step: xStep), x: px(x), y: plot.bottom + 14, alignment: .center, size: 12, color: muted)
        }
        for y in yTicks {
            context.moveTo(plot.left, py(y))
            context.lineTo(plot.right, py(y))
            context.stroke(width: 1, color: grid)
            context.drawLabel(Ticks.label(y, step: yStep), x: plot.left - 8, y: py(y), alignment: .right, size: 12, color: muted)
        }
        for guide in chart.guides {
            context.moveTo(plot.left, py(guide))
            context.lineTo(plot.right, py(guide))
            context.stroke(width: 1, color: muted, dash: [4, 4])
        }
        // Axes and their labels.
        context.moveTo(plot.left, plot.top)
        context.lineTo(plot.left, plot.bottom)
        context.lineTo(plot.right, plot.bottom)
        context.stroke(width: 1.5, color: ink)
        context.drawLabel(chart.xLabel, x: (plot.left + plot.right) / 2, y: plot.bottom + 38, alignment: .center, size: 13, color: ink)
        context.drawLabel(chart.yLabel, x: 20, y: (plot.top + plot.bottom) / 2, alignment: .center, size: 13, color: ink, rotated: true)

        // Markers, handles, then the series on top.
        for (index, marker) in chart.markers.enumerated() {
            let color = marker.series.map(chart.color(ofSeries:)) ?? muted
            context.moveTo(px(marker.x), plot.top)
            context.lineTo(px(marker.x), plot.bottom)
            context.stroke(width: 1.5, color: color, dash: [6, 4])
            // Labels near the right edge go left of their line so they stay inside the chart.
            let fitsRight = px(marker.x) + 5 + context.labelWidth(marker.label, size: 12) <= plot.right
            context.drawLabel(marker.label, x: px(marker.x) + (fitsRight ? 5 : -5), y: plot.top + 12 + Double(index % 4) * 16,
                              alignment: fitsRight ? .left : .right, size: 12, color: color)
        }
        for handle in chart.handles {
            let color = chart.color(ofSeries: handle.series)
            context.moveTo(px(handle.anchor.x), py(handle.anchor.y))
            context.lineTo(px(handle.point.x), py(handle.point.y))
            context.stroke(width: 1.5, color: color.withAlpha(0.6))
            context.fillCircle(x: px(handle.point.x), y: py(handle.point.y), radius: 5, color: color)
            context.fillCircle(x: px(handle.anchor.x), y: py(handle.anchor.y), radius: 3, color: color)
        }
        context.save()
        context.newPath()
        context.addRect(x: plot.left, y: plot.top - 4, width: plot.right - plot.left, height: plot.bottom - plot.top + 8)
        context.clip()
        for (index, series) in chart.series.enumerated() {
            // A point that is not a number breaks the line.
            var drawing = false
            for point in series.points {
                guard point.x.isFinite, point.y.isFinite else { drawing = false; continue }
                if drawing { context.lineTo(px(point.x), py(point.y)) } else { context.moveTo(px(point.x), py(point.y)) }
                drawing = true
            }
            context.stroke(width: 2.5, color: chart.color(ofSeries: index), dash: series.dashed ? [8, 5] : [], cap: .round)
        }
        context.restore()

        // The legend: in the margin, or in the corner of the plot that hides the fewest points.
        let legendWidth = legendWidth(chart, in: context)
        guard legendWidth > 0 else { return }
        let rowHeight = 20.0
        let legendHeight = rowHeight * Double(chart.series.count) + 8
        // The corner that hides the fewest points of the series.
        let corners = [(plot.left + 12, plot.top + 8), (plot.right - 12 - legendWidth, plot.bottom - 8 - legendHeight),
                       (plot.right - 12 - legendWidth, plot.top + 8), (plot.left + 12, plot.bottom - 8 - legendHeight)]
        let covered = corners.map { corner in
            chart.series.flatMap(\.points).filter { point in
                (corner.0 - 6...corner.0 + legendWidth + 6).contains(px(point.x))
                    && (corner.1 - 6...corner.1 + legendHeight + 6).contains(py(point.y))
            }.count
        }
        let best = covered.indices.min { covered[$0] < covered[$1] } ?? 0
        let box = placement == .margin ? (x: plot.right + 12, y: plot.top) : (x: corners[best].0, y: corners[best].1)
        context.addRect(x: box.x, y: box.y, width: legendWidth, height: legendHeight)
        context.fill(Color.white.withAlpha(0.9))
        for (index, series) in chart.series.enumerated() {
            let y = box.y + 14 + Double(index) * rowHeight
            context.moveTo(box.x + 8, y)
            context.lineTo(box.x + 30, y)
            context.stroke(width: 2.5, color: chart.color(ofSeries: index), dash: series.dashed ? [6, 4] : [])
            context.drawLabel(series.name, x: box.x + 36, y: y, alignment: .left, size: 12, color: ink)
        }
    }
}

extension ChartRenderer {
    static let laneTitleHeight = 20.0, trackHeight = 16.0, laneGap = 8.0, bandTop = 34.0

    static func height(of band: StateBand) -> Int {
        bandHeight(lanes: band.lanes.count, tracks: band.lanes.first?.tracks.count ?? 0)
    }

    /// The height of a band of `lanes` lanes of `tracks` tracks each.
    static func bandHeight(lanes: Int, tracks: Int) -> Int {
        guard lanes > 0 else { return 0 }
        let lane = laneTitleHeight + Double(tracks) * trackHeight + laneGap
        return Int(saturating: bandTop + Double(lanes) * lane + 12, rounding: .up)
    }

    /// Each lane: its title, then a row of coloured, labelled segments per track.
    private static func draw(_ band: StateBand, in context: CairoContext, top: Double, left: Double, right: Double,
                             range: ClosedRange<Double>) {
        guard !band.lanes.isEmpty else { return }
        func px(_ x: Double) -> Double {
            left + (min(max(x, range.lowerBound), range.upperBound) - range.lowerBound) / (range.upperBound - range.lowerBound) * (right - left)
        }
        context.drawLabel("Animators over time", x: (left + right) / 2, y: top + 16, alignment: .center, size: 14, color: ink, bold: true)
        var y = top + bandTop
        for lane in band.lanes {
            let color = lane.series.map { Chart.palette[$0 % Chart.palette.count] } ?? ink
            if lane.series != nil {
                context.newPath()
                context.addRect(x: left, y: y + 4, width: 10, height: 10)
                context.fill(color)
            }
            context.drawLabel(lane.title, x: left + (lane.series == nil ? 0 : 16), y: y + laneTitleHeight / 2 - 1,
                              alignment: .left, size: 12, color: ink, bold: true)
            let bandTopY = y + laneTitleHeight
            for (row, track) in lane.tracks.enumerated() {
                let rowY = bandTopY + Double(row) * trackHeight
                // A name wider than the margin (fractionComplete) is set smaller, not cut off.
                let nameSize = context.labelWidth(track.name, size: 10) <= left - 10 ? 10.0 : 8.0
                context.drawLabel(track.name, x: left - 6, y: rowY + trackHeight / 2, alignment: .right, size: nameSize, color: muted)
                for segment in track.segments {
                    let x0 = px(segment.start), x1 = px(segment.end)
                    guard x1 > x0 else { continue }
                    context.newPath()
                    context.addRect(x: x0, y: rowY + 1, width: x1 - x0, height: trackHeight - 2)
                    context.fill(segment.fill)
                    if context.labelWidth(segment.text, size: 10) + 6 <= x1 - x0 {
                        context.drawLabel(segment.text, x: x0 + 3, y: rowY + trackHeight / 2, alignment: .left, size: 10, color: ink)
                    }
                }
                if let first = track.curve.first {
                    // 0 at the row's foot, 1 at its head.
                    func py(_ value: Double) -> Double { rowY + trackHeight - 2 - value * (trackHeight - 4) }
                    context.newPath()
                    context.addRect(x: left, y: rowY + 1, width: right - left, height: trackHeight - 2)
                    context.fill(StateBand.no)
                    context.moveTo(px(first.x), py(first.y))
                    for point in track.curve.dropFirst() { context.lineTo(px(point.x), py(point.y)) }
                    context.stroke(width: 1.5, color: color)
                    // The playhead, where it is not the fraction (after a reversal), dashed.
                    if let start = track.playhead.first {
                        context.moveTo(px(start.x), py(start.y))
                        for point in track.playhead.dropFirst() { context.lineTo(px(point.x), py(point.y)) }
                        context.stroke(width: 1, color: muted, dash: [4, 3])
                        context.drawLabel("- - playhead", x: right - 4, y: rowY + trackHeight / 2, alignment: .right, size: 9, color: muted)
                    }
                }
            }
            for marker in band.markers where marker >= range.lowerBound && marker <= range.upperBound {
                context.moveTo(px(marker), bandTopY)
                context.lineTo(px(marker), bandTopY + Double(lane.tracks.count) * trackHeight)
                context.stroke(width: 1, color: muted.withAlpha(0.7), dash: [3, 3])
            }
            y = bandTopY + Double(lane.tracks.count) * trackHeight + laneGap
        }
    }
}

extension Color {
    /// The same colour with another alpha.
    func withAlpha(_ alpha: Double) -> Color { Color(red: red, green: green, blue: blue, alpha: alpha) }
}

extension ChartRenderer {
    /// Draws `panels` and writes the PNG to `path` atomically.
    public static func write(_ panels: [Chart], to path: String, width: Int = 960, panelHeight: Int = 540) throws(RenderError) {
        try AtomicFile.writePNG(to: path) { () throws(CairoError) in try Self.png(panels, width: width, panelHeight: panelHeight) }
    }
}
