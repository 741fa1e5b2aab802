#if canImport(UIKit) && !os(watchOS)
  import UIKit
  import InstantSearchCore

  /// A numeric comparison in a `UITextField` (InstantSearch iOS's `NumericTextFieldController`): it shows
  /// the number compared with; when editing ends (return, or leaving the field) the text is read with
  /// ``NumberText`` and, when it is a number, written to the filter state — anything else puts the shown
  /// number back.
  ///
  /// ```swift
  /// let yearController = NumericTextFieldController(textField: UITextField())
  /// let connector = FilterComparisonConnector<Int>(
  ///   searcher: searcher, filterState: filterState, attribute: "year", numericOperator: .greaterThanOrEqual,
  ///   controller: yearController)
  /// ```
  @MainActor
  open class NumericTextFieldController: NSObject, NumberController {
    /// The field.
    public let textField: UITextField
    private var computation: Computation<Int>?
    private var shown: Int?

    /// Shows the number in `textField`.
    public init(textField: UITextField = UITextField()) {
      self.textField = textField
      super.init()
      let action = UIAction { [weak self] _ in
        MainActor.assumeIsolated { self?.edited() }
      }
      textField.addAction(action, for: [.editingDidEnd, .editingDidEndOnExit])
    }

    /// Shows the number.
    open func setItem(_ item: Int) {
      shown = item
      textField.text = String(item)
    }

    /// Keeps what an edit does.
    open func setComputation(computation: Computation<Int>) {
      self.computation = computation
    }

    /// No number: an empty field.
    open func invalidate() {
      shown = nil
      textField.text = nil
    }

    private func edited() {
      guard let value = NumberText.parse(textField.text ?? "", as: Int.self) else {
        textField.text = shown.map(String.init)
        return
      }
      computation?.just(value: value)
      textField.resignFirstResponder()
    }
  }
#endif
