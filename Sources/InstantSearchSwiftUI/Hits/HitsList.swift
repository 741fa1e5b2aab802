#if canImport(SwiftUI)
  import SwiftUI
  import InstantSearchCore

  /// The hits of a ``HitsObservableController`` in a lazily built, scrolling list (InstantSearch iOS's
  /// `HitsList`): each row made by `row` from its hit and index; a row that appears tells the controller,
  /// so the next page loads as the end comes into view; new results scroll back to the top. With
  /// `noResults`, that view shows while there are no hits.
  ///
  /// ```swift
  /// HitsList(hitsController) { hit, _ in
  ///   Text(hit?.object.name ?? "")
  /// } noResults: {
  ///   Text("No results")
  /// }
  /// ```
  public struct HitsList<Row: View, Item: Decodable & Sendable, NoResults: View>: View {
    /// The hits shown.
    @ObservedObject public var hitsObservable: HitsObservableController<Item>
    /// Makes the row of a hit at its index.
    public var row: (Item?, Int) -> Row
    /// Makes the view shown while there are no hits, if any.
    public var noResults: (() -> NoResults)?

    /// A list of the controller's hits, with a view for no results.
    public init(
      _ hitsObservable: HitsObservableController<Item>, @ViewBuilder row: @escaping (Item?, Int) -> Row,
      @ViewBuilder noResults: @escaping () -> NoResults
    ) {
      self.hitsObservable = hitsObservable
      self.row = row
      self.noResults = noResults
    }

    /// The rows, or the no-results view.
    public var body: some View {
      if let noResults, hitsObservable.hits.isEmpty {
        noResults()
      } else {
        ScrollView(showsIndicators: false) {
          LazyVStack {
            ForEach(0..<hitsObservable.hits.count, id: \.self) { index in
              row(hitsObservable.hits.indices.contains(index) ? hitsObservable.hits[index] : nil, index)
                .onAppear { hitsObservable.notifyAppearanceOfHit(atIndex: index) }
            }
          }
        }
        .id(hitsObservable.scrollID)
      }
    }
  }

  extension HitsList where NoResults == Never {
    /// A list of the controller's hits (an empty list while there are none).
    public init(_ hitsObservable: HitsObservableController<Item>, @ViewBuilder row: @escaping (Item?, Int) -> Row) {
      self.hitsObservable = hitsObservable
      self.row = row
      self.noResults = nil
    }
  }
#endif
