#if canImport(UIKit) && !os(watchOS)
  import UIKit
  import InstantSearchCore

  /// A filter toggle in a `UISwitch`: on while the filter is applied; flipping it applies or removes it.
  ///
  /// ```swift
  /// let filterToggleSwitchController: FilterSwitchController<Filter.Tag> = .init(switch: UISwitch())
  /// let filterToggleConnector = FilterToggleConnector(
  ///   filterState: filterState, filter: "on sale" as Filter.Tag, controller: filterToggleSwitchController)
  /// ```
  @MainActor
  open class FilterSwitchController<F: FilterType>: NSObject, SelectableController {
    /// Set by the connection: what flipping the switch does (with the new state).
    public var onClick: ((Bool) -> Void)?
    /// The switch.
    public let `switch`: UISwitch

    /// Shows the filter's state in `switch`.
    public init(`switch`: UISwitch) {
      self.switch = `switch`
      super.init()
      let action = UIAction { [weak self] _ in
        MainActor.assumeIsolated { self?.flipped() }
      }
      `switch`.addAction(action, for: .valueChanged)
    }

    /// Labels the switch with the filter, for accessibility.
    open func setItem(_ item: F) {
      `switch`.accessibilityLabel = DefaultPresenter.Filter.present(item.eraseToFilter())
    }

    /// Sets the switch on or off.
    open func setSelected(_ isSelected: Bool) {
      `switch`.setOn(isSelected, animated: true)
    }

    private func flipped() {
      onClick?(`switch`.isOn)
    }
  }
#endif
