/// A single filter: a facet, numeric or tag condition on one attribute, possibly negated.
///
/// ``Filter/Facet``, ``Filter/Numeric``, ``Filter/Tag`` and the type-erased ``Filter`` conform. Every
/// conformer can be turned into a ``Filter`` (``eraseToFilter()``), so any of them can be stored in a
/// `FilterState` group — there is no filter type that the state cannot hold.
public protocol FilterType: Hashable, Sendable {
  /// The attribute the filter applies to (`_tags` for tag filters).
  var attribute: Attribute { get }

  /// Whether the filter is negated (`NOT …`).
  var isNegated: Bool { get set }

  /// The filter as a type-erased ``Filter``.
  func eraseToFilter() -> Filter

  /// Extracts a filter of this type from a type-erased ``Filter``, or `nil` when it holds another kind.
  init?(_ filter: Filter)
}

extension FilterType {
  /// Sets ``isNegated`` to `value` (`true` by default). Unlike prefix `!`, this does not toggle.
  public mutating func not(value: Bool = true) {
    isNegated = value
  }

  /// The kind of the filter: facet, numeric or tag.
  public var kind: FilterKind { eraseToFilter().kind }
}

/// Returns a copy of `filter` with ``FilterType/isNegated`` flipped. The operand is not changed.
public prefix func ! <F: FilterType>(filter: F) -> F {
  var copy = filter
  copy.isNegated.toggle()
  return copy
}
