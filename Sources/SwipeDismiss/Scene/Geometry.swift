/// A position in points.
public struct Point: Hashable, Sendable {
    /// Horizontal position in points, growing rightward.
    public var x: Double
    /// Vertical position in points, growing downward.
    public var y: Double

    /// The point at `x`, `y`.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin.
    public static let zero = Point(x: 0, y: 0)

    /// Whether both coordinates are finite numbers (not NaN, not infinite).
    package var isFinite: Bool { x.isFinite && y.isFinite }

    /// Adds the points component by component.
    public static func + (lhs: Point, rhs: Point) -> Point {
        Point(x: lhs.x + rhs.x, y: lhs.y + rhs.y)
    }
    /// Subtracts the points component by component.
    public static func - (lhs: Point, rhs: Point) -> Point {
        Point(x: lhs.x - rhs.x, y: lhs.y - rhs.y)
    }
    /// Scales both components by `rhs`.
    public static func * (lhs: Point, rhs: Double) -> Point {
        Point(x: lhs.x * rhs, y: lhs.y * rhs)
    }

    /// The Euclidean length of the vector from the origin to this point.
    package var length: Double { (x * x + y * y).squareRoot() }
}

/// A width and height in points.
public struct Size: Hashable, Sendable {
    /// Horizontal extent in points.
    public var width: Double
    /// Vertical extent in points.
    public var height: Double

    /// A size of `width` by `height` points.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// No extent in either direction.
    public static let zero = Size(width: 0, height: 0)
}

/// An axis-aligned rectangle in points.
public struct Rect: Hashable, Sendable {
    /// The top-left corner.
    public var origin: Point
    /// The width and height.
    public var size: Size

    /// A rectangle with its top-left corner at `origin`.
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// A rectangle with its top-left corner at `x`, `y`.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// The left edge's x.
    public var minX: Double { origin.x }
    /// The top edge's y.
    public var minY: Double { origin.y }
    /// The right edge's x.
    public var maxX: Double { origin.x + size.width }
    /// The bottom edge's y.
    public var maxY: Double { origin.y + size.height }
    /// Shorthand for `size.width`.
    public var width: Double { size.width }
    /// Shorthand for `size.height`.
    public var height: Double { size.height }
    /// The midpoint of the rectangle.
    public var center: Point { Point(x: origin.x + size.width / 2, y: origin.y + size.height / 2) }

    /// Whether `point` lies inside; the right and bottom edges are outside.
    public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    /// This rectangle moved by `offset`.
    package func offsetBy(_ offset: Point) -> Rect {
        Rect(origin: origin + offset, size: size)
    }
}

/// A 2-D affine transform `x' = a x + c y + tx`, `y' = b x + d y + ty`, as cairo's matrix.
public struct Transform: Hashable, Sendable {
    /// How much x feeds x': horizontal scale (with rotation, its cosine part).
    public var a: Double
    /// How much x feeds y': vertical shear (with rotation, its sine part).
    public var b: Double
    /// How much y feeds x': horizontal shear.
    public var c: Double
    /// How much y feeds y': vertical scale.
    public var d: Double
    /// Horizontal translation in points.
    public var tx: Double
    /// Vertical translation in points.
    public var ty: Double

    /// The transform with these matrix entries, in cairo's order.
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    /// The transform that leaves every point where it is.
    public static let identity = Transform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// A pure translation.
    public static func translation(_ offset: Point) -> Transform {
        Transform(a: 1, b: 0, c: 0, d: 1, tx: offset.x, ty: offset.y)
    }

    /// A uniform scale by `factor` that keeps `center` where it is.
    public static func scale(_ factor: Double, about center: Point) -> Transform {
        Transform(
            a: factor, b: 0, c: 0, d: factor, tx: center.x - factor * center.x,
            ty: center.y - factor * center.y)
    }

    /// This transform followed by `other` (`other.apply(to: apply(to: p))`).
    package func concatenating(_ other: Transform) -> Transform {
        Transform(
            a: other.a * a + other.c * b, b: other.b * a + other.d * b,
            c: other.a * c + other.c * d, d: other.b * c + other.d * d,
            tx: other.a * tx + other.c * ty + other.tx, ty: other.b * tx + other.d * ty + other.ty)
    }

    /// The horizontal scale of a transform without rotation or shear.
    package var scaleX: Double { a }
    /// The vertical scale of a transform without rotation or shear.
    package var scaleY: Double { d }

    /// The translation part.
    public var translation: Point { Point(x: tx, y: ty) }

    /// `point` mapped through this transform.
    public func apply(to point: Point) -> Point {
        Point(x: a * point.x + c * point.y + tx, y: b * point.x + d * point.y + ty)
    }
}
