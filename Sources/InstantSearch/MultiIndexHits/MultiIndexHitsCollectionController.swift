#if canImport(UIKit) && !os(watchOS)
  import UIKit
  import InstantSearchCore

  /// Hits of several indices in a `UICollectionView`, one section per index (InstantSearch iOS's
  /// `MultiIndexHitsCollectionController`; the collection counterpart of ``MultiIndexHitsTableController``):
  /// it is the collection's data source and delegate, makes each cell with ``cellConfigurator`` and
  /// reports taps with ``onSelect``.
  ///
  /// ```swift
  /// let controller = MultiIndexHitsCollectionController(collectionView: collectionView)
  /// controller.cellConfigurator = { collectionView, hit, indexPath in
  ///   let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "tile", for: indexPath)
  ///   cell.accessibilityLabel = hit["name"]?.stringValue
  ///   return cell
  /// }
  /// let sections = MultiIndexHitsConnector(searcher: multiSearcher, controller: controller)
  /// ```
  @MainActor
  open class MultiIndexHitsCollectionController: NSObject, MultiIndexHitsController, UICollectionViewDataSource,
    UICollectionViewDelegate
  {
    /// Set by the connection: where the sections come from.
    public weak var hitsSource: MultiIndexHitsInteractor?
    /// The collection.
    public let collectionView: UICollectionView
    /// The reuse identifier registered for the default cells.
    public let cellID: String
    /// Makes the cell of a hit (by default: a plain cell whose accessibility label is the hit's `name`).
    public var cellConfigurator: (UICollectionView, SearchHit, IndexPath) -> UICollectionViewCell
    /// Called with the hit of a tapped item.
    public var onSelect: ((SearchHit, IndexPath) -> Void)?

    /// Shows the sections in `collectionView`, registering `UICollectionViewCell` for `cellID`.
    public init(collectionView: UICollectionView, cellID: String = "hit") {
      self.collectionView = collectionView
      self.cellID = cellID
      cellConfigurator = { collectionView, hit, indexPath in
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: cellID, for: indexPath)
        cell.accessibilityLabel = hit["name"]?.stringValue ?? hit.objectID
        return cell
      }
      super.init()
      collectionView.register(UICollectionViewCell.self, forCellWithReuseIdentifier: cellID)
      collectionView.dataSource = self
      collectionView.delegate = self
    }

    /// Reloads the collection.
    open func reload() {
      collectionView.reloadData()
    }

    /// One section per index.
    open func numberOfSections(in collectionView: UICollectionView) -> Int {
      hitsSource?.numberOfSections() ?? 0
    }

    /// The hits of a section.
    open func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
      hitsSource?.numberOfHits(inSection: section) ?? 0
    }

    /// The cell of a hit (an empty cell past the loaded hits).
    open func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
      -> UICollectionViewCell
    {
      guard let hit = hitsSource?.hit(atIndex: indexPath.item, inSection: indexPath.section) else {
        return UICollectionViewCell()
      }
      return cellConfigurator(collectionView, hit, indexPath)
    }

    /// Reports the tapped hit.
    open func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
      guard let hit = hitsSource?.hit(atIndex: indexPath.item, inSection: indexPath.section) else { return }
      onSelect?(hit, indexPath)
    }
  }
#endif
