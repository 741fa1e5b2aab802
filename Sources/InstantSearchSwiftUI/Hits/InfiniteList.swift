#if canImport(SwiftUI)
  import SwiftUI
  import InstantSearchCore

  /// A searcher's hits as one list that grows as its end comes into view (InstantSearch iOS's
  /// `InfiniteList`), over a ``PaginatedDataViewModel`` (`searcher.paginatedData(of:)`): each item made by
  /// `itemView`, a progress row at the end while there is more, which loads it; `noResults` when there is
  /// nothing.
  ///
  /// ```swift
  /// InfiniteList(searcher.paginatedData(of: Hit<Product>.self)) { hit in
  ///   Text(hit.object.name)
  /// } noResults: {
  ///   Text("No results")
  /// }
  /// ```
  public struct InfiniteList<ItemView: View, NoResults: View, Item: Decodable & Sendable, P: Page>: View
  where P.Item == Item {
    /// The list's data.
    @StateObject public var viewModel: PaginatedDataViewModel<P>
    let itemView: (Item) -> ItemView
    let noResults: () -> NoResults

    /// A list of `viewModel`'s items.
    public init(
      _ viewModel: PaginatedDataViewModel<P>, @ViewBuilder itemView: @escaping (Item) -> ItemView,
      @ViewBuilder noResults: @escaping () -> NoResults
    ) {
      _viewModel = StateObject(wrappedValue: viewModel)
      self.itemView = itemView
      self.noResults = noResults
    }

    /// The items and, while there is more, a progress row that loads it; `noResults` for an empty answer.
    public var body: some View {
      if viewModel.items.isEmpty && !viewModel.hasNext {
        noResults()
      } else {
        ScrollView {
          LazyVStack {
            ForEach(0..<viewModel.items.count, id: \.self) { index in
              itemView(viewModel.items[index])
            }
            if viewModel.hasNext {
              ProgressView().task { @MainActor in viewModel.loadNext() }
            }
          }
        }
      }
    }
  }
#endif
