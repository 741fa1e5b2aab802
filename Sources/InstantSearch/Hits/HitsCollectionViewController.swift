#if canImport(UIKit) && !os(watchOS)
  import UIKit
  import InstantSearchCore

  /// A hits list as a collection view controller (InstantSearch iOS's `HitsCollectionViewController`): one
  /// item per loaded hit, each cell filled by a ``CollectionViewCellConfigurable``; items near the end load
  /// the next page when the interactor scrolls infinitely, and new results scroll back to the top.
  ///
  /// ```swift
  /// let grid = HitsCollectionViewController<ProductTile>(collectionViewLayout: UICollectionViewFlowLayout())
  /// let connector = HitsConnector<Product>(searcher: searcher, controller: grid)
  /// ```
  ///
  /// Subclass it for the layout and the reaction to a tap (``didSelect(_:at:)``). An item the list no longer
  /// has (a tap that raced a reload) gets a blank cell and no callback.
  @MainActor
  open class HitsCollectionViewController<CellConfigurator: CollectionViewCellConfigurable>:
    UICollectionViewController, HitsController
  {
    /// The hit type.
    public typealias Record = CellConfigurator.Model

    /// Set by the connection: where the items come from.
    public weak var hitsSource: HitsInteractor<CellConfigurator.Model>?

    /// A collection laid out by `layout`, its cells registered at once.
    public override init(collectionViewLayout layout: UICollectionViewLayout) {
      super.init(collectionViewLayout: layout)
      registerCells()
    }

    /// Restores the controller from a storyboard; the cells are registered as with
    /// ``init(collectionViewLayout:)``.
    public required init?(coder: NSCoder) {
      super.init(coder: coder)
      registerCells()
    }

    private func registerCells() {
      collectionView.register(CellConfigurator.Cell.self, forCellWithReuseIdentifier: CellConfigurator.cellIdentifier)
    }

    /// Reloads the collection.
    open func reload() {
      collectionView.reloadData()
    }

    /// Shows the first item, when there is one.
    open func scrollToTop() {
      guard collectionView.numberOfItems(inSection: 0) > 0 else { return }
      collectionView.scrollToItem(at: IndexPath(item: 0, section: 0), at: .top, animated: false)
    }

    /// Called when the user taps the item of `hit`; does nothing by default.
    open func didSelect(_ hit: CellConfigurator.Model, at indexPath: IndexPath) {}

    /// The number of loaded hits.
    open override func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
      hitsSource?.numberOfHits() ?? 0
    }

    /// The item's cell, filled by a configurator made from its hit (which may load the next page).
    open override func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
      -> UICollectionViewCell
    {
      let cell = collectionView.dequeueReusableCell(
        withReuseIdentifier: CellConfigurator.cellIdentifier, for: indexPath)
      guard let hit = hitsSource?.hit(atIndex: indexPath.item), let typed = cell as? CellConfigurator.Cell else {
        return cell
      }
      CellConfigurator(model: hit, indexPath: indexPath).configure(typed)
      return cell
    }

    /// Passes the tapped item's hit to ``didSelect(_:at:)``.
    open override func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
      guard let hit = hitsSource?.hit(atIndex: indexPath.item) else { return }
      didSelect(hit, at: indexPath)
    }
  }
#endif
