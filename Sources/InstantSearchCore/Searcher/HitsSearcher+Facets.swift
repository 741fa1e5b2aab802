extension HitsSearcher {
  /// Adds `attribute` to the request's facets (without searching). Returns `false` when it was already
  /// there, so that the caller knows whether ``removeRequestedFacet(_:)`` is its to call.
  @discardableResult
  public func addRequestedFacet(_ attribute: Attribute) -> Bool {
    var request = self.request
    var facets = request.facets ?? []
    guard !facets.contains(attribute.rawValue) else { return false }
    facets.append(attribute.rawValue)
    request.facets = facets
    self.request = request
    return true
  }

  /// Removes `attribute` from the request's facets (without searching).
  public func removeRequestedFacet(_ attribute: Attribute) {
    var request = self.request
    guard request.facets?.contains(attribute.rawValue) == true else { return }
    request.facets?.removeAll { $0 == attribute.rawValue }
    self.request = request
  }
}

extension HitsSearcher {
  /// Adds `attribute` to the request's facets (without searching); cancelling the token removes it again
  /// if this call added it.
  func requestFacet(_ attribute: Attribute) -> SubscriptionToken {
    let added = addRequestedFacet(attribute)
    return .undoing { [weak self] in
      if added { self?.removeRequestedFacet(attribute) }
    }
  }

  /// Registers `attribute` as a range attribute (see ``rangeAttributes``); cancelling the token unregisters
  /// it if this call registered it.
  func registerRangeAttribute(_ attribute: Attribute) -> SubscriptionToken {
    let added = rangeAttributes.insert(attribute).inserted
    return .undoing { [weak self] in
      if added { self?.rangeAttributes.remove(attribute) }
    }
  }
}
