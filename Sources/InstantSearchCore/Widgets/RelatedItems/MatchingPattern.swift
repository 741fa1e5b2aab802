/// How one attribute of the shown item makes related items rank higher (InstantSearch iOS's
/// `MatchingPattern`): records sharing the item's value of `attribute` score `score` — an optional
/// filter, so records that share nothing still come, after those that do.
///
/// ```swift
/// let patterns: [MatchingPattern<Product>] = [
///   .init(attribute: "brand", score: 3, filterPath: \.brand),
///   .init(attribute: "categories", score: 2, filterPath: \.categories),
/// ]
/// ```
///
/// A single value (`filterPath` to a `String`) is one clause; several (a `[String]`) are one OR clause
/// whose matches add up (`sumOrFiltersScores`), so a record sharing two categories ranks above one
/// sharing one.
public struct MatchingPattern<Model> {
  /// The facet attribute the records are matched on.
  public let attribute: Attribute
  /// What a match adds to a record's score.
  public let score: Int
  /// The item's values of the attribute.
  let values: (Model) -> [String]

  /// A pattern on a single value of the item.
  public init(attribute: Attribute, score: Int, filterPath: KeyPath<Model, String>) {
    self.attribute = attribute
    self.score = score
    self.values = { [$0[keyPath: filterPath]] }
  }

  /// A pattern on several values of the item (an array attribute, such as its categories).
  public init(attribute: Attribute, score: Int, filterPath: KeyPath<Model, [String]>) {
    self.attribute = attribute
    self.score = score
    self.values = { $0[keyPath: filterPath] }
  }

  /// The pattern's group of scored facet filters for `item`: conjunctive for a single value,
  /// disjunctive for several; `nil` without values.
  func group(for item: Model) -> FilterGroup? {
    let filters = values(item).map { Filter.Facet(attribute: attribute, value: .string($0), score: score) }
    guard let first = filters.first else { return nil }
    return filters.count == 1 ? .and([first]) : .or(filters)
  }
}

/// An item with its `objectID`, for related items (InstantSearch iOS's `ObjectWrapper`): the item itself
/// is left out of its related items.
public struct ObjectWrapper<Object> {
  /// The item's identifier.
  public let objectID: String
  /// The item.
  public let object: Object

  /// Wraps `object`, whose identifier is `objectID`.
  public init(object: Object, objectID: String) {
    self.object = object
    self.objectID = objectID
  }
}

extension ObjectWrapper where Object: Decodable & Sendable {
  /// Wraps the record of a hit.
  public init(_ hit: Hit<Object>) {
    self.init(object: hit.object, objectID: hit.objectID)
  }
}
