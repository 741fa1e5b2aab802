import InstantSearchCore

extension ShowcaseCatalog {
  /// The name of the showcase's query suggestions index.
  public static let suggestionsIndexName = "products_query_suggestions"

  /// A log of `count` past searches on the catalog, generated from `seed`: kinds of products, brands,
  /// features and colors as people type them, the common ones far more often than the rare ones — what
  /// `instantsearch suggestions build` (or `QuerySuggestionsBuilder`) turns into a suggestions index.
  public static func queryLog(count: Int, seed: UInt64 = 7) -> [String] {
    var random = SplitMix64(seed: seed)
    // Skewed picks: the first entries of a list come up far more often than the last.
    func pick<T>(_ values: [T]) -> T {
      let uniform = Double(random.next(below: 1_000_000)) / 1_000_000
      return values[min(values.count - 1, Int(uniform * uniform * Double(values.count)))]
    }
    return (0..<max(0, count)).map { _ in
      let department = pick(departments)
      let kind = pick(department.kinds).name.lowercased()
      let brand = pick(department.brands).lowercased()
      let feature = pick(department.features)
      switch random.next(below: 6) {
      case 0: return kind
      case 1: return "\(brand) \(kind)"
      case 2: return "\(feature) \(kind)"
      case 3: return brand
      case 4: return "\(kind) \(pick(colors))"
      default: return "\(brand) \(pick(adjectives).lowercased()) \(kind)"
      }
    }
  }
}
