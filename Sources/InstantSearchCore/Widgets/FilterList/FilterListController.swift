/// A view of a filter list: a ``SelectableListController`` whose items are filters, as InstantSearch iOS
/// names it. Conform a view to the refinement for its kind of filter (``FacetFilterListController``,
/// ``NumericFilterListController``, ``TagFilterListController``) and connect it with
/// `FilterListInteractor.connectController(_:)` or a `FilterListConnector`'s `controller:`.
///
/// ```swift
/// final class PriceBands: NumericFilterListController {
///   var onClick: ((Filter.Numeric) -> Void)?
///   func setSelectableItems(selectableItems: [SelectableItem<Filter.Numeric>]) { /* show them */ }
/// }
/// ```
@MainActor
public protocol FilterListController: SelectableListController where Item: FilterType {}

/// A view of a list of facet filters (`color:red`, `brand:Apple`).
@MainActor
public protocol FacetFilterListController: FilterListController where Item == Filter.Facet {}

/// A view of a list of numeric filters (`price < 5`, `price:5 TO 10`).
@MainActor
public protocol NumericFilterListController: FilterListController where Item == Filter.Numeric {}

/// A view of a list of tag filters (`_tags:"on sale"`).
@MainActor
public protocol TagFilterListController: FilterListController where Item == Filter.Tag {}
