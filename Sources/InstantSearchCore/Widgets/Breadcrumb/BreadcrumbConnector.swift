/// A breadcrumb in one call: the interactor following a hierarchical menu and optionally a view.
///
/// ```swift
/// let menu = HierarchicalConnector(
///   searcher: searcher, filterState: filterState, hierarchicalAttributes: categories, separator: " > ",
///   controller: menuView)
/// let breadcrumb = BreadcrumbConnector(hierarchicalConnector: menu, controller: breadcrumbView)
/// ```
@MainActor
public final class BreadcrumbConnector: WidgetConnector {
  /// The logic.
  public let interactor: BreadcrumbInteractor
  /// The connection to the hierarchical menu.
  public let hierarchicalConnection: WidgetConnection
  /// The connection to the view, if any.
  public private(set) var controllerConnection: WidgetConnection?

  /// Creates and connects a breadcrumb of `hierarchical`'s selected path.
  public init(hierarchical: HierarchicalInteractor, controller: (any BreadcrumbController)? = nil) {
    interactor = BreadcrumbInteractor()
    hierarchicalConnection = interactor.connectHierarchical(hierarchical)
    if let controller { controllerConnection = interactor.connectController(controller) }
    super.init(parts: [hierarchicalConnection, controllerConnection])
  }

  /// Creates and connects a breadcrumb of a hierarchical menu's selected path.
  public convenience init(hierarchicalConnector: HierarchicalConnector, controller: (any BreadcrumbController)? = nil) {
    self.init(hierarchical: hierarchicalConnector.interactor, controller: controller)
  }

  /// Connects a view (replacing the current one).
  public func connectController(_ controller: some BreadcrumbController) {
    let connection = interactor.connectController(controller)
    replace(controllerConnection, with: connection)
    controllerConnection = connection
  }
}
