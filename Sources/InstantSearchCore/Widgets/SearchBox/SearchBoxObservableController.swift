import Observation

// `ObservableObject`: Combine on Apple platforms, OpenCombine on Linux.
#if canImport(Combine)
  import Combine
#elseif canImport(OpenCombine)
  import OpenCombine
#endif

/// A SearchBoxController for SwiftUI: the text as observable, bindable state (InstantSearch iOS's
/// `SearchBoxObservableController`). Editing query (a `TextField` bound to it) reports the text;
/// submit() reports a submission. One change publishes once.
///
/// ```swift
/// TextField("Search", text: $searchBoxController.query).onSubmit(searchBoxController.submit)
/// ```
@MainActor
@Observable
public final class SearchBoxObservableController: SearchBoxController, @MainActor ObservableObject,
  @MainActor PublishingController
{
  /// Set by the connection: where edits go.
  @ObservationIgnored public var onQueryChanged: ((String?) -> Void)?
  /// Set by the connection: where submissions go.
  @ObservationIgnored public var onQuerySubmitted: ((String?) -> Void)?
  /// Publishes before each change, for `@ObservedObject`.
  public let objectWillChange = ObservableObjectPublisher()
  private var text: String

  /// Creates a controller showing `query`.
  public init(query: String = "") {
    text = query
  }

  /// The text; setting it (the user typing) reports it to the search box when it differs.
  public var query: String {
    get { text }
    set {
      guard publish(newValue, to: \.text) else { return }
      onQueryChanged?(newValue)
    }
  }

  /// Shows a text set from elsewhere (`nil` shows an empty field); nothing is reported back.
  public func setQuery(_ query: String?) {
    publish(query ?? "", to: \.text)
  }

  /// Reports a submission of the current text.
  public func submit() {
    onQuerySubmitted?(text)
  }
}

/// InstantSearch iOS's older name for SearchBoxObservableController.
public typealias QueryInputObservableController = SearchBoxObservableController
