/// Default presenters of the widgets.
public enum DefaultPresenter {
  /// Presenters of filters.
  public enum Filter {
    /// How a filter reads in a list of current filters or a segmented control: a string facet shows its
    /// value, a numeric facet `attribute: value`, a boolean facet its attribute, a comparison
    /// `price >= 5.0`, a range `price: 5.0 to 10.5`, a tag its value; numbers as in the filters string;
    /// a negated filter is prefixed `NOT `.
    public static func present(_ filter: InstantSearchCore.Filter) -> String {
      let text: String
      switch filter {
      case .facet(let facet):
        switch facet.value {
        case .string(let value): text = value
        case .number(let number): text = "\(facet.attribute.rawValue): \(NumberRendering.describe(number))"
        case .bool: text = facet.attribute.rawValue
        }
      case .numeric(let numeric):
        switch numeric.value {
        case .comparison(let op, let value):
          text = "\(numeric.attribute.rawValue) \(op.rawValue) \(NumberRendering.describe(value))"
        case .range(let range):
          text =
            "\(numeric.attribute.rawValue): \(NumberRendering.describe(range.lowerBound)) to "
            + NumberRendering.describe(range.upperBound)
        }
      case .tag(let tag):
        text = tag.value
      }
      return filter.isNegated ? "NOT " + text : text
    }
  }
}

/// A function turning a model value into what a view shows, such as ``DefaultPresenter/Filter/present(_:)``.
public typealias Presenter<Input, Output> = (Input) -> Output
