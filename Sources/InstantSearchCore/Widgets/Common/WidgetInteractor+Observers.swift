extension WidgetInteractor {
  /// The observer kept under `name` whose events are `value` read after each change of the interactor
  /// (one event per change, as the views get), and whose latest value is `value` now.
  func changeObserver<Value>(_ name: String, value: @escaping @MainActor (Self) -> Value) -> Observer<Value> {
    links.observers.observer(name) {
      Observer(
        source: { [weak self] handler in
          guard let self else { return SubscriptionToken() }
          return links.onChange { [weak self] in
            if let self { handler(value(self)) }
          }
        },
        latest: { [weak self] in self.map(value) })
    }
  }
}

extension QueryRuleCustomDataInteractor {
  /// The decoded custom data after each change, observer-style (InstantSearch iOS's
  /// `interactor.onItemChanged.subscribe(with:)`, as its redirect guide uses it).
  public var onItemChanged: Observer<Model?> { changeObserver("item") { $0.item } }
}

extension StatsInteractor {
  /// The figures after each change, observer-style.
  public var onItemChanged: Observer<SearchStats?> { changeObserver("item") { $0.item } }
}

extension SearchBoxInteractor {
  /// The query text after each change, observer-style.
  public var onQueryChanged: Observer<String?> { changeObserver("query") { $0.query } }

  /// The text of each submission, observer-style.
  public var onQuerySubmitted: Observer<String?> {
    links.observers.observer("submitted") {
      Observer(
        source: { [weak self] handler in self?.onSubmit(handler) ?? SubscriptionToken() },
        latest: { nil })
    }
  }
}
