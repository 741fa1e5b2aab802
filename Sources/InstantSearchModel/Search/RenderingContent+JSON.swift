extension RenderingContent {
  /// Reads rendering content from its JSON form (Algolia's `renderingContent` setting). Unknown keys are
  /// ignored; a known key with the wrong shape is an error naming its path.
  public init(json: JSON) throws(ResponseDecodingError) {
    let root = try Self.object(json, "renderingContent")
    guard let ordering = root["facetOrdering"], ordering != .null else {
      self.init()
      return
    }
    let orderingObject = try Self.object(ordering, "renderingContent.facetOrdering")
    var facets: FacetsOrder?
    if let value = orderingObject["facets"], value != .null {
      let object = try Self.object(value, "renderingContent.facetOrdering.facets")
      facets = FacetsOrder(order: try Self.strings(object["order"], "renderingContent.facetOrdering.facets.order"))
    }
    var values: [String: FacetValuesOrder]?
    if let value = orderingObject["values"], value != .null {
      var result: [String: FacetValuesOrder] = [:]
      for (attribute, entry) in try Self.object(value, "renderingContent.facetOrdering.values") {
        let path = "renderingContent.facetOrdering.values.\(attribute)"
        let object = try Self.object(entry, path)
        var rule: SortRule?
        if let text = object["sortRemainingBy"], text != .null {
          guard case .string(let name) = text, let parsed = SortRule(rawValue: name) else {
            throw ResponseDecodingError(
              path: path + ".sortRemainingBy", message: "expected \"count\", \"alpha\" or \"hidden\", found \(text)")
          }
          rule = parsed
        }
        result[attribute] = FacetValuesOrder(
          order: try Self.strings(object["order"], path + ".order"), sortRemainingBy: rule,
          hide: try Self.strings(object["hide"], path + ".hide"))
      }
      values = result
    }
    self.init(facetOrdering: FacetOrdering(facets: facets, values: values))
  }

  /// The JSON form, as Algolia's settings spell it.
  public var json: JSON {
    guard let facetOrdering else { return .object([:]) }
    var ordering: [String: JSON] = [:]
    if let facets = facetOrdering.facets {
      ordering["facets"] = .object(facets.order.map { ["order": .array($0.map(JSON.string))] } ?? [:])
    }
    if let values = facetOrdering.values {
      ordering["values"] = .object(
        values.mapValues { order in
          var object: [String: JSON] = [:]
          if let pinned = order.order { object["order"] = .array(pinned.map(JSON.string)) }
          if let rule = order.sortRemainingBy { object["sortRemainingBy"] = .string(rule.rawValue) }
          if let hide = order.hide { object["hide"] = .array(hide.map(JSON.string)) }
          return .object(object)
        })
    }
    return .object(["facetOrdering": .object(ordering)])
  }

  private static func object(_ value: JSON, _ path: String) throws(ResponseDecodingError) -> [String: JSON] {
    guard case .object(let object) = value else {
      throw ResponseDecodingError(path: path, message: "expected an object, found \(value)")
    }
    return object
  }

  private static func strings(_ value: JSON?, _ path: String) throws(ResponseDecodingError) -> [String]? {
    guard let value, value != .null else { return nil }
    guard case .array(let elements) = value else {
      throw ResponseDecodingError(path: path, message: "expected a list of strings, found \(value)")
    }
    var strings: [String] = []
    for element in elements {
      guard case .string(let text) = element else {
        throw ResponseDecodingError(path: path, message: "expected a list of strings, found \(value)")
      }
      strings.append(text)
    }
    return strings
  }
}
