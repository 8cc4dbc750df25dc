import Foundation
import Geodata

/// Towns as points on the unit sphere in a k-d tree, for the nearest town: the straight-line
/// (chord) distance between two points of the sphere grows with the great-circle distance, so
/// the nearest by one is the nearest by the other, and a k-d tree over x, y, z finds it in a
/// few hundred steps wherever the place is — in the middle of an ocean too, where rings of
/// latitude-longitude cells grew to thousands of cells (p99 12 ms).
struct TownTree: Sendable {
    private struct Node: Sendable {
        let point: SIMD3<Double>
        let town: Int
    }

    /// The tree in an array: the median of each range at its middle, split on `axis(depth)`.
    private let nodes: [Node]
    private static let radius = 6_371_008.8

    init(_ towns: [Town]) {
        var nodes = towns.enumerated().map { Node(point: Self.unit($0.element.coordinate), town: $0.offset) }
        Self.build(&nodes, 0..<nodes.count, depth: 0)
        self.nodes = nodes
    }

    /// The nearest town's index and its great-circle distance on the mean sphere (ties: the
    /// smaller index).
    func nearest(to place: Coordinate) -> (index: Int, meters: Double)? {
        guard !nodes.isEmpty else { return nil }
        let target = Self.unit(place)
        var best = (squared: Double.infinity, town: Int.max)
        search(0..<nodes.count, depth: 0, target, &best)
        let chord = best.squared.squareRoot()
        return (best.town, 2 * Self.radius * asin(min(1, chord / 2)))
    }

    private func search(
        _ range: Range<Int>, depth: Int, _ target: SIMD3<Double>, _ best: inout (squared: Double, town: Int)
    ) {
        guard !range.isEmpty else { return }
        let middle = range.lowerBound + range.count / 2
        let node = nodes[middle]
        let offset = node.point - target
        let squared = (offset * offset).sum()
        if (squared, node.town) < (best.squared, best.town) { best = (squared, node.town) }
        let axis = depth % 3
        let across = target[axis] - node.point[axis]
        let (near, far) =
            across < 0
            ? (range.lowerBound..<middle, middle + 1..<range.upperBound)
            : (middle + 1..<range.upperBound, range.lowerBound..<middle)
        search(near, depth: depth + 1, target, &best)
        if across * across <= best.squared { search(far, depth: depth + 1, target, &best) }
    }

    /// Puts the median of `range` by `axis(depth)` at its middle, the nodes before it below it
    /// and those after it above it, then the same in each half on the next axis. Only the median
    /// is selected, not the whole range sorted, so the tree is built in O(n log n) rather than
    /// O(n log² n); each half holds the same nodes a sort would have put there, so the tree is
    /// the same.
    private static func build(_ nodes: inout [Node], _ range: Range<Int>, depth: Int) {
        guard range.count > 1 else { return }
        let axis = depth % 3
        let middle = range.lowerBound + range.count / 2
        select(middle, in: range, of: &nodes, axis: axis)
        build(&nodes, range.lowerBound..<middle, depth: depth + 1)
        build(&nodes, (middle + 1)..<range.upperBound, depth: depth + 1)
    }

    /// Quickselect (Lomuto's partition, the range's middle node as pivot): afterwards
    /// `nodes[rank]` is the node a sort of `range` by ``precedes(_:_:axis:)`` would put there.
    private static func select(_ rank: Int, in range: Range<Int>, of nodes: inout [Node], axis: Int) {
        var (low, high) = (range.lowerBound, range.upperBound - 1)
        while low < high {
            nodes.swapAt(low + (high - low) / 2, high)
            let pivot = nodes[high]
            var store = low
            for index in low..<high where precedes(nodes[index], pivot, axis: axis) {
                nodes.swapAt(index, store)
                store += 1
            }
            nodes.swapAt(store, high)
            if rank == store { return }
            if rank < store { high = store - 1 } else { low = store + 1 }
        }
    }

    /// By the coordinate on `axis`, then by town index: a strict order, so the median is one node.
    private static func precedes(_ a: Node, _ b: Node, axis: Int) -> Bool {
        let (x, y) = (a.point[axis], b.point[axis])
        return x < y || (x == y && a.town < b.town)
    }

    private static func unit(_ coordinate: Coordinate) -> SIMD3<Double> {
        let (φ, λ) = (coordinate.latitude.degrees * Double.pi / 180, coordinate.longitude.degrees * Double.pi / 180)
        return SIMD3(cos(φ) * cos(λ), cos(φ) * sin(λ), sin(φ))
    }
}
