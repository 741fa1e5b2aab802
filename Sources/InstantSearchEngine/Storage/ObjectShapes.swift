import InstantSearchModel

/// The key sequences ("shapes") that a snapshot's packed objects repeat, each with a dictionary of its
/// keys built once, so that unpacking an object of a known shape fills in values instead of hashing every
/// key into a new dictionary.
///
/// Records of a catalog mostly share a handful of shapes (a packed object's keys are written in a fixed
/// order, so two objects with the same keys have the same sequence). Unpacking a record of twelve keys by
/// inserting them hashes twelve strings; copying a template and setting its values through the
/// template's indices hashes none, which halves the cost of a hit's record. Shapes are learned from the
/// objects unpacked, at most ``capacity`` of them; objects of other shapes are unpacked by inserting.
final class ObjectShapes: Sendable {
  /// One shape: its keys in packed order (distinct), and a template of their names in the same order.
  struct Shape: Sendable {
    let keys: [UInt32]
    let template: DictionaryTemplate

    /// The shape of `keys` (distinct), named by `name`; `nil` when two keys repeat.
    init?(keys: [UInt32], name: (UInt32) -> String) {
      // Room for the members a hit adds (`_highlightResult`, `_snippetResult`…) without growing.
      guard let template = DictionaryTemplate(names: keys.map(name), spare: 4) else { return nil }
      self.keys = keys
      self.template = template
    }

    /// Whether this shape's keys start with `prefix` of `other`'s keys and then have `next` (`nil`: end
    /// right after the prefix).
    func continues(_ other: Shape, prefix: Int, with next: UInt32?) -> Bool {
      guard keys.count >= prefix, keys[0..<prefix].elementsEqual(other.keys[0..<prefix]) else { return false }
      guard let next else { return keys.count == prefix }
      return prefix < keys.count && keys[prefix] == next
    }
  }

  /// The most shapes kept: catalogs with more shapes than this unpack the others by inserting.
  static let capacity = 16

  private let known = Locked<[Shape]>([])

  /// The shapes learned so far.
  var current: [Shape] { known.withLock { $0 } }

  /// Adds the shape of `keys` unless it is known, the capacity is reached or a key repeats.
  func learn(_ keys: [UInt32], name: (UInt32) -> String) {
    guard !keys.isEmpty else { return }
    known.withLock { shapes in
      guard shapes.count < Self.capacity, !shapes.contains(where: { $0.keys == keys }),
        let shape = Shape(keys: keys, name: name)
      else { return }
      shapes.append(shape)
    }
  }
}

/// The shapes an unpacking uses: those known when it started, and where to learn new ones.
struct ShapeContext {
  let shapes: [ObjectShapes.Shape]
  let learner: ObjectShapes
  /// Whether new shapes may still be learned (the key sequences of other objects are then noted).
  let learning: Bool

  init(_ learner: ObjectShapes) {
    shapes = learner.current
    self.learner = learner
    learning = shapes.count < ObjectShapes.capacity
  }
}
