@_exported import Foundation
import ZoetropeCore

/// Mirrors `UIView`: a rectangle in its superview, drawn by its `layer`.
open class UIView {
    public init(frame: CGRect) {}
}
