/// Text measured as frames set it (`sizeToFit`, `UIFont`'s metrics) and the installed families
/// Apple's are drawn in, re-exported for the front ends above the pipeline: ZoetropeUIKit may
/// not import ZoetropeRender, and a second measuring type or family table here would be a copy
/// of Render's that could drift from how frames are drawn.
@_exported import enum ZoetropeRender.TextMeasure
@_exported import enum ZoetropeRender.FontCatalog
