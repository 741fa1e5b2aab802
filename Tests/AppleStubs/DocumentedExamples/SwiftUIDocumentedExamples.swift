// The SwiftUI calls InstantSearch iOS 8's widget pages and guides document, written here in our own code
// with the anchor's names and argument labels: type-checked with the SwiftUI views against the stand-in
// (see AppleOnlySourcesTests).
import InstantSearchCore
import SwiftUI

/// A hit's name with the matched words bold, as the getting-started guide shows a row.
struct HighlightedNameRow: View {
  let hit: Hit<DocumentedProduct>

  var body: some View {
    if let name = hit.hightlightedString(forKey: "name") {
      Text(highlightedString: name) { Text($0).bold() }
    } else {
      Text(hit.object.name)
    }
  }
}

/// A record of the examples.
struct DocumentedProduct: Decodable, Sendable {
  let name: String
}

/// The getting-started guide's screen: a search bar, the stats line, the hits with a view for no
/// results, a brand list with one too, and a clear button.
struct GettingStartedScreen: View {
  @ObservedObject var searchBoxController: SearchBoxObservableController
  @ObservedObject var hitsController: HitsObservableController<Hit<DocumentedProduct>>
  @ObservedObject var statsController: StatsTextObservableController
  @ObservedObject var facetListController: FacetListObservableController
  let filterClearController: FilterClearObservableController
  @ObservedObject var paginationController: PaginationObservableController
  @ObservedObject var breadcrumbController: BreadcrumbObservableController
  @State private var isEditing = false

  var body: some View {
    VStack(spacing: 8) {
      SearchBar(text: $searchBoxController.query, isEditing: $isEditing, onSubmit: searchBoxController.submit)
      Text(statsController.stats)
      HitsList(hitsController) { hit, _ in
        if let hit { HighlightedNameRow(hit: hit) }
      } noResults: {
        Text("Nothing found")
      }
      FacetList(facetListController) { facet, isSelected in
        FacetRow(facet: facet, isSelected: isSelected)
      } noResults: {
        Text("No brands")
      }
      Button("Clear filters", action: filterClearController.clear)
      PaginationBar(paginationController)
      Breadcrumb(breadcrumbController)
    }
  }
}

/// The wiring of the getting-started guide: each interactor connected to the searcher and its controller.
@MainActor
final class GettingStartedWiring {
  let searcher = HitsSearcher(appID: "YourApplicationID", apiKey: "YourSearchOnlyAPIKey", indexName: "products")
  let filterState = FilterState()
  let searchBoxInteractor = SearchBoxInteractor()
  let searchBoxController = SearchBoxObservableController()
  let hitsInteractor = HitsInteractor<Hit<DocumentedProduct>>()
  let hitsController = HitsObservableController<Hit<DocumentedProduct>>()
  let statsInteractor = StatsInteractor()
  let statsController = StatsTextObservableController()
  let facetListInteractor = FacetListInteractor()
  let facetListController = FacetListObservableController()
  let switchIndexController = SwitchIndexObservableController()

  init() {
    searchBoxInteractor.connectSearcher(searcher)
    searchBoxInteractor.connectController(searchBoxController)
    hitsInteractor.connectSearcher(searcher)
    hitsInteractor.connectController(hitsController)
    statsInteractor.connectSearcher(searcher)
    statsInteractor.connectController(statsController)
    searcher.connectFilterState(filterState)
    facetListInteractor.connectSearcher(searcher, with: "brand")
    facetListInteractor.connectFilterState(filterState, with: "brand", operator: .or)
    facetListInteractor.connectController(
      facetListController, with: FacetListPresenter(sortBy: [.isRefined, .count(order: .descending)]))
    let sort = SortByInteractor(items: [0: "products", 1: "products_price_asc"])
    sort.connectSearcher(searcher)
    sort.connectController(switchIndexController)
    searcher.search()
  }
}

/// The hits as one growing list, from `searcher.paginatedData(of:)`, as InstantSearch iOS's SwiftUI
/// examples keep it.
struct GrowingResults: View {
  let hits: PaginatedDataViewModel<AlgoliaHitsPage<Hit<DocumentedProduct>>>

  var body: some View {
    InfiniteList(hits) { hit in
      HighlightedNameRow(hit: hit)
    } noResults: {
      Text("No results")
    }
  }

  /// The list of a searcher's hits.
  @MainActor static func make(searcher: HitsSearcher) -> GrowingResults {
    GrowingResults(hits: searcher.paginatedData(of: Hit<DocumentedProduct>.self))
  }
}
