extension WidgetInteractor {
  /// The observer kept under `name` whose events are `value` read after each change of the interactor
  /// (one event per change, as the views get), and whose latest value is `value` now.
  func changeObserver<Value>(_ name: String, value: @escaping @MainActor (Self) -> Value) -> Observer<Value> {
    links.observers.observer(
      name, of: self,
      subscribe: { owner, handler in
        owner.links.onChange { [weak owner] in
          if let owner { handler(value(owner)) }
        }
      },
      latest: { .some(value($0)) })
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
    links.observers.observer("submitted", of: self, subscribe: { $0.onSubmit($1) }, latest: { _ in nil })
  }
}
