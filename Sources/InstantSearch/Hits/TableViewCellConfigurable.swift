#if canImport(UIKit) && !os(watchOS)
  import UIKit
  import InstantSearchCore

  /// How one hit becomes one table cell, for ``HitsTableViewController``: a small value made for each row
  /// from the hit and its index path, which then fills the dequeued cell.
  ///
  /// ```swift
  /// struct ProductCell: TableViewCellConfigurable {
  ///   let model: Product
  ///   init(model: Product, indexPath: IndexPath) { self.model = model }
  ///   func configure(_ cell: UITableViewCell) { cell.textLabel?.text = model.name }
  /// }
  /// let hitsTableViewController = HitsTableViewController<ProductCell>()
  /// ```
  @MainActor
  public protocol TableViewCellConfigurable {
    /// The hit type (the record the searcher decodes).
    associatedtype Model: Decodable & Sendable
    /// The cell class, registered under ``cellIdentifier``.
    associatedtype Cell: UITableViewCell

    /// The reuse identifier of the cells (by default, the configurator's type name).
    static var cellIdentifier: String { get }
    /// The height of the row (44 points by default).
    var cellHeight: CGFloat { get }

    /// Makes the configurator of the row at `indexPath` showing `model`.
    init(model: Model, indexPath: IndexPath)

    /// Fills `cell` with the model.
    func configure(_ cell: Cell)
  }

  extension TableViewCellConfigurable {
    /// The configurator's type name, unique per configurator in an app.
    public static var cellIdentifier: String { String(describing: Self.self) }

    /// 44 points, UIKit's standard row height.
    public var cellHeight: CGFloat { 44 }
  }
#endif
