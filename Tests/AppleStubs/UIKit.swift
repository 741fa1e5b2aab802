// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation, DontRepeatTypeInStaticProperties
// (Stand-ins that mirror framework declarations: the frameworks document them.)

// A stand-in for the few parts of UIKit that the `InstantSearch` controllers use, declared with UIKit's
// names, signatures and main-actor isolation, so that the controllers type-check on Linux against the real
// `InstantSearchCore` (see `AppleOnlySourcesTests`). It checks our side — protocol conformances, the view
// models, strict concurrency — and cannot vouch for UIKit itself. Where UIKit is ambiguous about an action
// handler's isolation, the stricter reading is used (a nonisolated `@Sendable` closure).
@_exported import Foundation

extension IndexPath {
  /// UIKit's row-and-section index path.
  public init(row: Int, section: Int) { self.init(indexes: [section, row]) }
  /// The row.
  public var row: Int { self[1] }
  /// UIKit's item-and-section index path (collections).
  public init(item: Int, section: Int) { self.init(indexes: [section, item]) }
  /// The item.
  public var item: Int { self[1] }
  /// The section.
  public var section: Int { self[0] }
}

// As in UIKit: `init(frame:)` and `init?(coder:)` are the designated initializers, `init()` a convenience.
@MainActor open class UIView: NSObject {
  open var accessibilityLabel: String?
  open var isHidden = false
  public init(frame: CGRect) {}
  public required init?(coder: NSCoder) {}
  public convenience override init() { self.init(frame: .zero) }
  @discardableResult open func resignFirstResponder() -> Bool { true }
  open func addSubview(_ view: UIView) {}
  open func removeFromSuperview() {}
  open var accessibilityValue: String?
}

@MainActor open class UILabel: UIView {
  open var text: String?
  open var attributedText: NSAttributedString?
  open var font: UIFont = UIFont()
}

open class UIFont: NSObject, @unchecked Sendable {
  public class func boldSystemFont(ofSize fontSize: CGFloat) -> UIFont { UIFont() }
  open var pointSize: CGFloat { 17 }
}

extension NSAttributedString.Key {
  public static let font = NSAttributedString.Key("NSFont")
}

@MainActor open class UIMenuElement: NSObject {}

public typealias UIActionHandler = @Sendable (UIAction) -> Void

@MainActor open class UIAction: UIMenuElement {
  public let handler: UIActionHandler
  public init(title: String = "", handler: @escaping UIActionHandler) { self.handler = handler }
}

@MainActor open class UIControl: UIView {
  public struct Event: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let valueChanged = Event(rawValue: 1 << 12)
    public static let touchUpInside = Event(rawValue: 1 << 6)
    public static let primaryActionTriggered = Event(rawValue: 1 << 13)
    public static let editingChanged = Event(rawValue: 1 << 17)
    public static let editingDidEndOnExit = Event(rawValue: 1 << 19)
    public static let editingDidEnd = Event(rawValue: 1 << 18)
  }
  public struct State: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let normal = State([])
  }
  open var isEnabled = true
  open func addAction(_ action: UIAction, for controlEvents: UIControl.Event) {}
  open func sendActions(for controlEvents: UIControl.Event) {}
}

@MainActor open class UIStackView: UIView {
  public enum Axis: Int, Sendable { case horizontal, vertical }
  open var axis: Axis = .horizontal
  open var spacing: CGFloat = 0
  public private(set) var arrangedSubviews: [UIView]
  public override init(frame: CGRect) {
    arrangedSubviews = []
    super.init(frame: frame)
  }
  public required init?(coder: NSCoder) {
    arrangedSubviews = []
    super.init(coder: coder)
  }
  public convenience init(arrangedSubviews views: [UIView]) {
    self.init(frame: .zero)
    for view in views { addArrangedSubview(view) }
  }
  open func addArrangedSubview(_ view: UIView) { arrangedSubviews.append(view) }
}

@MainActor open class UITextField: UIControl {
  open var text: String?
  open var placeholder: String?
}

@MainActor open class UISearchTextField: UITextField {}

@MainActor public protocol UISearchBarDelegate: NSObjectProtocol {
  func searchBar(_ searchBar: UISearchBar, textDidChange searchText: String)
  func searchBarSearchButtonClicked(_ searchBar: UISearchBar)
  func searchBarCancelButtonClicked(_ searchBar: UISearchBar)
}

extension UISearchBarDelegate {
  // Optional in UIKit (`@objc optional`): a delegate implements the ones it needs.
  public func searchBar(_ searchBar: UISearchBar, textDidChange searchText: String) {}
  public func searchBarSearchButtonClicked(_ searchBar: UISearchBar) {}
  public func searchBarCancelButtonClicked(_ searchBar: UISearchBar) {}
}

@MainActor open class UISearchBar: UIView {
  open var text: String?
  open var placeholder: String?
  open weak var delegate: (any UISearchBarDelegate)?
  open var searchTextField = UISearchTextField()
}

@MainActor open class UIButton: UIControl {
  open func setTitle(_ title: String?, for state: UIControl.State) {}
}

@MainActor open class UISegmentedControl: UIControl {
  public static let noSegment = -1
  open var selectedSegmentIndex = -1
  open private(set) var numberOfSegments = 0
  open func removeAllSegments() { numberOfSegments = 0 }
  open func insertSegment(withTitle title: String?, at segment: Int, animated: Bool) { numberOfSegments += 1 }
}

@MainActor open class UISlider: UIControl {
  open var value: Float = 0
  open var minimumValue: Float = 0
  open var maximumValue: Float = 1
  open var isContinuous = true
}

@MainActor open class UIActivityIndicatorView: UIView {
  open private(set) var isAnimating = false
  open func startAnimating() { isAnimating = true }
  open func stopAnimating() { isAnimating = false }
}

@MainActor open class UISwitch: UIControl {
  open var isOn = false
  open func setOn(_ on: Bool, animated: Bool) { isOn = on }
}

@MainActor open class UIStepper: UIControl {
  open var value: Double = 0
  open var minimumValue: Double = 0
  open var maximumValue: Double = 100
  open var stepValue: Double = 1
}

public protocol UIContentConfiguration {}

public struct UIListContentConfiguration: UIContentConfiguration {
  public var text: String?
  public var secondaryText: String?
  public var prefersSideBySideTextAndSecondaryText = false
}

@MainActor open class UITableViewCell: UIView {
  public enum AccessoryType: Int, Sendable { case none, disclosureIndicator, detailDisclosureButton, checkmark }
  open var accessoryType: AccessoryType = .none
  open var textLabel: UILabel? = UILabel()
  open var contentConfiguration: (any UIContentConfiguration)?
  open func defaultContentConfiguration() -> UIListContentConfiguration { UIListContentConfiguration() }
}

@MainActor public protocol UITableViewDataSource: NSObjectProtocol {
  func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int
  func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell
}

@MainActor public protocol UITableViewDelegate: NSObjectProtocol {}

@MainActor open class UITableView: UIView {
  public enum ScrollPosition: Int, Sendable { case none, top, middle, bottom }
  public enum Style: Int, Sendable { case plain, grouped, insetGrouped }
  open weak var dataSource: (any UITableViewDataSource)?
  open weak var delegate: (any UITableViewDelegate)?
  open func register(_ cellClass: AnyClass?, forCellReuseIdentifier identifier: String) {}
  open func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> UITableViewCell {
    UITableViewCell()
  }
  open func reloadData() {}
  open func deselectRow(at indexPath: IndexPath, animated: Bool) {}
  open func numberOfRows(inSection section: Int) -> Int {
    dataSource?.tableView(self, numberOfRowsInSection: section) ?? 0
  }
  open func scrollToRow(at indexPath: IndexPath, at scrollPosition: UITableView.ScrollPosition, animated: Bool) {}
}

// As in UIKit: `init(nibName:bundle:)` and `init?(coder:)` are designated, `init()` a convenience.
@MainActor open class UIViewController: NSObject {
  open var title: String?
  public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {}
  public required init?(coder: NSCoder) {}
  public convenience override init() { self.init(nibName: nil, bundle: nil) }
}

// UIKit's table view controller is its table's data source and delegate: subclasses override these.
@MainActor open class UITableViewController: UIViewController, UITableViewDataSource, UITableViewDelegate {
  open var tableView = UITableView()
  public init(style: UITableView.Style) { super.init(nibName: nil, bundle: nil) }
  public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
    super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
  }
  public required init?(coder: NSCoder) { super.init(coder: coder) }
  public convenience init() { self.init(style: .plain) }
  open func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 0 }
  open func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
    UITableViewCell()
  }
  open func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat { 44 }
  open func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {}
}

@MainActor open class UIAlertAction: NSObject {
  public enum Style: Int, Sendable { case `default`, cancel, destructive }
  public init(title: String?, style: UIAlertAction.Style, handler: (@Sendable (UIAlertAction) -> Void)? = nil) {}
}

@MainActor open class UIAlertController: UIViewController {
  public enum Style: Int, Sendable { case actionSheet, alert }
  public private(set) var actions: [UIAlertAction] = []
  public convenience init(title: String?, message: String?, preferredStyle: UIAlertController.Style) {
    self.init(nibName: nil, bundle: nil)
    self.title = title
  }
  open func addAction(_ action: UIAlertAction) { actions.append(action) }
}

@MainActor open class UICollectionViewLayout: NSObject {}
@MainActor open class UICollectionViewFlowLayout: UICollectionViewLayout {}

@MainActor open class UICollectionViewCell: UIView {}

@MainActor public protocol UICollectionViewDataSource: NSObjectProtocol {
  func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int
  func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell
}

@MainActor public protocol UICollectionViewDelegate: NSObjectProtocol {}

@MainActor open class UICollectionView: UIView {
  public struct ScrollPosition: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let top = ScrollPosition(rawValue: 1)
  }
  open weak var dataSource: (any UICollectionViewDataSource)?
  open weak var delegate: (any UICollectionViewDelegate)?
  public init(frame: CGRect, collectionViewLayout layout: UICollectionViewLayout) { super.init(frame: frame) }
  public required init?(coder: NSCoder) { super.init(coder: coder) }
  open func register(_ cellClass: AnyClass?, forCellWithReuseIdentifier identifier: String) {}
  open func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath)
    -> UICollectionViewCell
  { UICollectionViewCell() }
  open func reloadData() {}
  open func numberOfItems(inSection section: Int) -> Int {
    dataSource?.collectionView(self, numberOfItemsInSection: section) ?? 0
  }
  open func scrollToItem(at indexPath: IndexPath, at scrollPosition: UICollectionView.ScrollPosition, animated: Bool) {}
}

// UIKit's collection view controller is its collection's data source and delegate: subclasses override these.
@MainActor
open class UICollectionViewController: UIViewController, UICollectionViewDataSource,
  UICollectionViewDelegate
{
  open var collectionView: UICollectionView! = UICollectionView(frame: .zero, collectionViewLayout: .init())
  public init(collectionViewLayout layout: UICollectionViewLayout) { super.init(nibName: nil, bundle: nil) }
  public required init?(coder: NSCoder) { super.init(coder: coder) }
  open func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 0 }
  open func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
    -> UICollectionViewCell
  { UICollectionViewCell() }
  open func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {}
}
