#if canImport(UIKit) && !os(watchOS)
  import UIKit
  import InstantSearchCore

  /// How one hit becomes one collection cell, for ``HitsCollectionViewController``: a small value made for
  /// each item from the hit and its index path, which then fills the dequeued cell (the collection
  /// counterpart of ``TableViewCellConfigurable``).
  @MainActor
  public protocol CollectionViewCellConfigurable {
    /// The hit type (the record the searcher decodes).
    associatedtype Model: Decodable & Sendable
    /// The cell class, registered under ``cellIdentifier``.
    associatedtype Cell: UICollectionViewCell

    /// The reuse identifier of the cells (by default, the configurator's type name).
    static var cellIdentifier: String { get }

    /// Makes the configurator of the item at `indexPath` showing `model`.
    init(model: Model, indexPath: IndexPath)

    /// Fills `cell` with the model.
    func configure(_ cell: Cell)
  }

  extension CollectionViewCellConfigurable {
    /// The configurator's type name, unique per configurator in an app.
    public static var cellIdentifier: String { String(describing: Self.self) }
  }
#endif
