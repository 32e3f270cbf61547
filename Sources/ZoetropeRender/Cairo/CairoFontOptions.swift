internal import CCairo

/// Cairo's font options for text, set explicitly so that how a glyph is rasterized depends on
/// the scene alone (SPEC §10): never on the surface, the machine's fontconfig rules or what the
/// process drew before. Unhinted outlines, unhinted metrics and grey antialiasing, unless a
/// scene asks otherwise.
final class CairoFontOptions {
    let pointer: OpaquePointer

    /// How glyph outlines are fitted to the pixel grid.
    enum Hinting { case none, slight, full }

    /// Options with `hinting` for outlines, metrics hinted only when `hintMetrics`, and grey
    /// (not subpixel) antialiasing unless `antialias` is false.
    init(hinting: Hinting = .none, hintMetrics: Bool = false, antialias: Bool = true) {
        pointer = cairo_font_options_create()
        let style: cairo_hint_style_t = switch hinting {
        case .none: CAIRO_HINT_STYLE_NONE
        case .slight: CAIRO_HINT_STYLE_SLIGHT
        case .full: CAIRO_HINT_STYLE_FULL
        }
        cairo_font_options_set_hint_style(pointer, style)
        cairo_font_options_set_hint_metrics(pointer, hintMetrics ? CAIRO_HINT_METRICS_ON : CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_antialias(pointer, antialias ? CAIRO_ANTIALIAS_GRAY : CAIRO_ANTIALIAS_NONE)
        cairo_font_options_set_subpixel_order(pointer, CAIRO_SUBPIXEL_ORDER_RGB)
    }

    deinit { cairo_font_options_destroy(pointer) }
}
