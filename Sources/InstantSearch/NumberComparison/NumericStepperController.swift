#if canImport(UIKit) && !os(watchOS) && !os(tvOS)
  import UIKit
  import InstantSearchCore

  /// A numeric comparison in a `UIStepper`: its value is the number compared with; its limits are the
  /// bounds; each tap steps the number, which is written to the filter state.
  ///
  /// ```swift
  /// let stepperController = NumericStepperController(stepper: UIStepper())
  /// let connector = FilterComparisonConnector<Double>(
  ///   filterState: filterState, attribute: "price", numericOperator: .greaterThanOrEqual, number: 20,
  ///   controller: stepperController)
  /// ```
  @MainActor
  open class NumericStepperController: NSObject, NumberController {
    /// The stepper.
    public let stepper: UIStepper
    private var computation: Computation<Double>?

    /// Shows the number in `stepper`.
    public init(stepper: UIStepper) {
      self.stepper = stepper
      super.init()
      let action = UIAction { [weak self] _ in
        MainActor.assumeIsolated { self?.stepped() }
      }
      stepper.addAction(action, for: .valueChanged)
    }

    /// Shows the number.
    open func setItem(_ item: Double) {
      stepper.value = item
    }

    /// Keeps the stepper's action.
    open func setComputation(computation: Computation<Double>) {
      self.computation = computation
    }

    /// Limits the stepper to the bounds.
    open func setBounds(bounds: ClosedRange<Double>?) {
      guard let bounds else { return }
      stepper.minimumValue = bounds.lowerBound
      stepper.maximumValue = bounds.upperBound
    }

    private func stepped() {
      computation?.just(value: stepper.value)
    }
  }
#endif
