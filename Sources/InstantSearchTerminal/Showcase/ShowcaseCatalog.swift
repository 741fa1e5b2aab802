import InstantSearchCore

/// The showcase's product catalog, generated from a seed: the same seed and size always give the same
/// records.
public enum ShowcaseCatalog {
  /// The indices the sort control switches between, with their titles: the catalog, then its replicas
  /// sorted by price.
  public static let sortIndices: [(name: String, title: String)] = [
    ("products", "Most popular"), ("products_price_asc", "Price ↑"), ("products_price_desc", "Price ↓"),
  ]

  /// ``sortIndices`` for an index named `name` (its replicas are named after it).
  public static func sortIndices(for name: String) -> [(name: String, title: String)] {
    sortIndices.map { entry in (name + entry.name.dropFirst("products".count), entry.title) }
  }

  /// ``replicaSorts`` for an index named `name`.
  public static func replicaSorts(for name: String) -> [String: String] {
    Dictionary(uniqueKeysWithValues: replicaSorts.map { (name + $0.key.dropFirst("products".count), $0.value) })
  }

  /// The head of each replica's `ranking` (the primary's textual criteria follow): how it sorts.
  public static let replicaSorts: [String: String] = [
    "products_price_asc": "asc(price)", "products_price_desc": "desc(price)",
  ]

  /// The index settings the showcase uses for the generated catalog.
  public static let settings: [String: JSON] = [
    "searchableAttributes": ["name", "brand", "categories.lvl1", "features", "description"],
    "attributesForFaceting": [
      "brand", "categories.lvl0", "categories.lvl1", "color", "features", "price", "rating", "freeShipping",
    ],
    "customRanking": ["desc(rating)", "desc(popularity)"],
    "hitsPerPage": 20,
    // The sort control's two orders: standard replicas, sorted by price each way (see `sortIndices`).
    "replicas": ["products_price_asc", "products_price_desc"],
    // Merchandising: the "More filters" panel shows features, then colors; "wireless" is pinned first,
    // colors go alphabetically, and "pink" is hidden.
    "renderingContent": [
      "facetOrdering": [
        "facets": ["order": ["features", "color"]],
        "values": [
          "features": ["order": ["wireless"], "sortRemainingBy": "count"],
          "color": ["sortRemainingBy": "alpha", "hide": ["pink"]],
        ],
      ]
    ],
  ]

  /// The query rules of the showcase index (Algolia's `rules.json` form): typing "sale" shows a banner
  /// (Query Rule Custom Data) and searches the products under $50 without the word "sale".
  public static let rules: [JSON] = [
    [
      "objectID": "sale-banner",
      "conditions": [["pattern": "sale", "anchoring": "contains"]],
      "consequence": [
        "params": ["filters": "price < 50", "query": ["edits": [["type": "remove", "delete": "sale"]]]],
        "userData": ["title": "Sale: everything under $50"],
      ],
      "description": "Sale banner and filter",
    ]
  ]

  /// The custom data of the showcase's rules: a banner.
  public struct Banner: Decodable, Sendable {
    /// The banner's text.
    public let title: String
  }

  /// `count` products generated from `seed`.
  public static func records(count: Int, seed: UInt64 = 42) -> [[String: JSON]] {
    Array(stream(count: count, seed: seed))
  }

  /// The same products as ``records(count:seed:)``, generated one at a time as the sequence is read.
  public static func stream(count: Int, seed: UInt64 = 42) -> some Sequence<[String: JSON]> {
    let total = max(0, count)
    return sequence(state: (number: 0, random: SplitMix64(seed: seed))) { state in
      guard state.number < total else { return nil }
      defer { state.number += 1 }
      return record(number: state.number, random: &state.random)
    }
  }

  private static func record(number: Int, random: inout SplitMix64) -> [String: JSON] {
    let department = departments[random.next(below: departments.count)]
    let kind = department.kinds[random.next(below: department.kinds.count)]
    let brand = department.brands[random.next(below: department.brands.count)]
    let adjective = adjectives[random.next(below: adjectives.count)]
    let color = colors[random.next(below: colors.count)]
    let cents = kind.minPrice * 100 + random.next(below: (kind.maxPrice - kind.minPrice) * 100 + 1)
    let rating = 1 + min(4, random.next(below: 3) + random.next(below: 3))
    var features: [JSON] = []
    for feature in department.features where random.next(below: 3) == 0 { features.append(.string(feature)) }
    return [
      "objectID": .string(String(number + 1)),
      "name": .string("\(brand) \(adjective) \(kind.name)"),
      "brand": .string(brand),
      "categories": .object([
        "lvl0": .string(department.name), "lvl1": .string("\(department.name) > \(kind.plural)"),
      ]),
      "color": .string(color),
      "features": .array(features),
      "price": .number(Double(cents) / 100),
      "rating": .number(Double(rating)),
      "freeShipping": .bool(random.next(below: 2) == 0),
      "popularity": .number(Double(random.next(below: 10_000))),
      "description": .string(
        description(brand: brand, adjective: adjective, kind: kind, color: color, features: features)),
    ]
  }

  /// A product's description, written from its other attributes (no random draw of its own, so the
  /// catalog's other attributes are the same with or without it).
  static func description(brand: String, adjective: String, kind: Kind, color: String, features: [JSON]) -> String {
    let named = features.compactMap(\.stringValue)
    let traits = named.isEmpty ? "" : ", " + named.joined(separator: ", ")
    return "\(brand) \(adjective) \(kind.name) in \(color)\(traits). Made by \(brand) for people who want "
      + "\(kind.plural.lowercased()) that simply work, with a two-year warranty and free returns."
  }

  struct Kind {
    let name: String
    let plural: String
    let minPrice: Int
    let maxPrice: Int
  }

  struct Department {
    let name: String
    let kinds: [Kind]
    let brands: [String]
    let features: [String]
  }

  static let departments: [Department] = [
    Department(
      name: "Audio",
      kinds: [
        Kind(name: "Headphones", plural: "Headphones", minPrice: 19, maxPrice: 449),
        Kind(name: "Earbuds", plural: "Earbuds", minPrice: 15, maxPrice: 299),
        Kind(name: "Speaker", plural: "Speakers", minPrice: 25, maxPrice: 899),
        Kind(name: "Soundbar", plural: "Soundbars", minPrice: 79, maxPrice: 1199),
      ],
      brands: ["Sonora", "Auralis", "Bassline", "Echofield", "Harmonix", "Decibel"],
      features: ["wireless", "noise cancelling", "waterproof", "bluetooth 5.3"]),
    Department(
      name: "Computers",
      kinds: [
        Kind(name: "Laptop", plural: "Laptops", minPrice: 399, maxPrice: 3499),
        Kind(name: "Monitor", plural: "Monitors", minPrice: 99, maxPrice: 1499),
        Kind(name: "Keyboard", plural: "Keyboards", minPrice: 19, maxPrice: 249),
        Kind(name: "Mouse", plural: "Mice", minPrice: 9, maxPrice: 149),
      ],
      brands: ["Northbyte", "Quantia", "Lumen", "Corewell", "Pixelon"],
      features: ["wireless", "backlit", "usb-c", "ergonomic"]),
    Department(
      name: "Phones",
      kinds: [
        Kind(name: "Smartphone", plural: "Smartphones", minPrice: 149, maxPrice: 1599),
        Kind(name: "Phone Case", plural: "Phone Cases", minPrice: 9, maxPrice: 69),
        Kind(name: "Charger", plural: "Chargers", minPrice: 12, maxPrice: 119),
      ],
      brands: ["Orbit", "Nimbus", "Vireo", "Lumen", "Quantia"],
      features: ["usb-c", "fast charging", "waterproof", "wireless"]),
    Department(
      name: "Home",
      kinds: [
        Kind(name: "Coffee Maker", plural: "Coffee Makers", minPrice: 29, maxPrice: 899),
        Kind(name: "Blender", plural: "Blenders", minPrice: 25, maxPrice: 499),
        Kind(name: "Vacuum", plural: "Vacuums", minPrice: 59, maxPrice: 999),
        Kind(name: "Desk Lamp", plural: "Lamps", minPrice: 15, maxPrice: 249),
      ],
      brands: ["Hearthly", "Brewster", "Casa Nova", "Tidyhome", "Kettleworks"],
      features: ["energy saving", "smart home", "cordless", "dishwasher safe"]),
    Department(
      name: "Sports",
      kinds: [
        Kind(name: "Running Shoes", plural: "Shoes", minPrice: 39, maxPrice: 249),
        Kind(name: "Yoga Mat", plural: "Yoga Mats", minPrice: 12, maxPrice: 129),
        Kind(name: "Water Bottle", plural: "Bottles", minPrice: 8, maxPrice: 59),
        Kind(name: "Backpack", plural: "Backpacks", minPrice: 25, maxPrice: 299),
      ],
      brands: ["Stridewell", "Peakform", "Trailhead", "Aquafit", "Summit & Co"],
      features: ["waterproof", "lightweight", "recycled", "breathable"]),
  ]

  static let adjectives = [
    "Pro", "Air", "Max", "Mini", "Classic", "Ultra", "Lite", "Studio", "Sport", "Flex", "Prime", "Neo",
  ]

  static let colors = ["black", "white", "silver", "blue", "red", "green", "grey", "gold", "pink"]
}
