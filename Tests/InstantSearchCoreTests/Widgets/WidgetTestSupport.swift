import InstantSearchCore
import InstantSearchEngine
import InstantSearchTesting

// `ObservableObject` and `sink`: Combine on Apple platforms, OpenCombine on Linux.
#if canImport(Combine)
  import Combine
#elseif canImport(OpenCombine)
  import OpenCombine
#endif

/// A small catalog served by the embedded engine, for widget tests end to end.
@MainActor
enum WidgetFixture {
  static let records: [[String: JSON]] = [
    [
      "objectID": "1", "gender": "male", "name": "Red shirt", "category": "Shirts", "color": "red", "price": 10,
      "size": 5,
      "inStock": true,
    ],
    [
      "objectID": "2", "gender": "female", "name": "Blue shirt", "category": "Shirts", "color": "blue", "price": 20,
      "size": 5,
      "inStock": false,
    ],
    [
      "objectID": "3", "gender": "male", "name": "Red shoes", "category": "Shoes", "color": "red", "price": 50,
      "size": 9,
      "inStock": true,
    ],
    [
      "objectID": "4", "gender": "not specified", "name": "Green hat", "category": "Hats", "color": "green",
      "price": 15.5, "size": 1,
      "inStock": true,
    ],
    [
      "objectID": "5", "gender": "female", "name": "Blue hat", "category": "Hats", "color": "blue", "price": 30,
      "size": 1,
      "inStock": false,
    ],
  ]

  static func searcher() throws -> HitsSearcher {
    HitsSearcher(client: try client(), indexName: "products")
  }

  /// A searcher on the fixture whose client records every call (to count the searches sent).
  static func recordingSearcher() throws -> (HitsSearcher, ScriptedSearchClient) {
    let local = try client()
    let recorder = ScriptedSearchClient { call in try await local.search(call.queries, strategy: call.strategy) }
    return (HitsSearcher(client: recorder, indexName: "products"), recorder)
  }

  static func client() throws -> LocalSearchClient {
    let index = LocalIndex(
      name: "products",
      settings: try IndexSettings(json: [
        "searchableAttributes": ["name"],
        "attributesForFaceting": ["category", "color", "price", "size", "inStock", "gender"],
      ]))
    try index.saveRecords(records)
    return LocalSearchClient(indices: [index])
  }
}

/// A facet list view that records what it is given.
@MainActor
final class TestFacetListController: FacetListController {
  var onClick: ((Facet) -> Void)?
  var items: [SelectableItem<Facet>] = []
  var reloads = 0

  func setSelectableItems(selectableItems: [SelectableItem<Facet>]) { items = selectableItems }
  func reload() { reloads += 1 }

  func click(_ value: String) {
    guard let item = items.first(where: { $0.item.value == value }) else { return }
    onClick?(item.item)
  }

  var shown: [String] { items.map { "\($0.item.value) (\($0.item.count))\($0.isSelected ? " ✓" : "")" } }
}

/// Counts the publications of an `ObservableObject` (Combine, or OpenCombine on Linux): taking the
/// controller through this generic function proves the conformance the seeds' `@ObservedObject` needs.
@MainActor
final class PublicationCounter<Object: ObservableObject> {
  private(set) var count = 0
  private var subscription: AnyCancellable?

  init(_ object: Object) {
    subscription = object.objectWillChange.sink { [weak self] _ in self?.count += 1 }
  }
}
