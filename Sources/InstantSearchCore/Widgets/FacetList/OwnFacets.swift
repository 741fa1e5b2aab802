/// The facet filters a facet list owns: the non-negated `Filter.Facet`s on its attribute in its group.
struct OwnFacets: Sendable {
  let attribute: Attribute
  let groupID: FilterGroup.ID
  /// With single selection, only the first own filter in the state's order counts as selected (the next
  /// selection replaces them all).
  let single: Bool

  /// The facet keys of the list's own filters.
  func values(in filters: Filters) -> Set<String> {
    var values = Set<String>()
    for filter in filters.filters(in: groupID) {
      guard case .facet(let facet) = filter, facet.attribute == attribute, !facet.isNegated else { continue }
      values.insert(facet.value.facetKey)
      if single { break }
    }
    return values
  }

  /// Makes the list's own filters match `selections`, in one change.
  @MainActor
  func write(_ selections: Set<String>, to filterState: FilterState) {
    let attribute = self.attribute
    let groupID = self.groupID
    filterState.update { filters in
      let own = filters.filters(in: groupID).filter { filter in
        guard case .facet(let facet) = filter else { return false }
        return facet.attribute == attribute && !facet.isNegated
      }
      var present = Set<String>()
      for filter in own {
        guard case .facet(let facet) = filter else { continue }
        if selections.contains(facet.value.facetKey) {
          present.insert(facet.value.facetKey)
        } else {
          filters.remove(filter, from: groupID)
        }
      }
      for value in selections.sorted() where !present.contains(value) {
        filters.add(Filter.Facet(attribute: attribute, stringValue: value), to: groupID)
      }
    }
  }
}
