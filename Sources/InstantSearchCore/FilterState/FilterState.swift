import Observation

/// The filters of a search: groups of facet, numeric and tag filters, shared by the searcher and every
/// filtering widget.
///
/// `FilterState` wraps a `Filters` value. Every mutation that changes the content notifies once,
/// synchronously: Observation observers (SwiftUI) and ``onChange(_:)`` listeners, which receive the new
/// `Filters` snapshot. A mutation that changes nothing notifies nobody; a batch (``update(_:)`` or
/// `notify(_:)`) notifies once.
///
/// ```swift
/// let filterState = FilterState()
/// filterState[and: "conjunctiveGroup"].add(Filter.Facet(attribute: "category", stringValue: "shirts"))
/// filterState[or: "disjunctiveGroup"].add(Filter.Facet(attribute: "color", stringValue: "red"))
/// print(filterState.description)
/// // ( "category":"shirts" ) AND ( "color":"red" )
/// ```
@MainActor
@Observable
public final class FilterState {
  /// The observer-style events (``Observer``), made on first use.
  @ObservationIgnored let observerStore = ObserverStore()
  @ObservationIgnored private var storage: Filters
  @ObservationIgnored private var listeners = ListenerList<Filters>()
  @ObservationIgnored private var batchDepth = 0
  @ObservationIgnored private var batchStart: Filters?

  /// Creates an empty filter state.
  public init() {
    storage = Filters()
  }

  /// Creates a filter state holding `filters`.
  public init(_ filters: Filters) {
    storage = filters
  }

  /// Creates a filter state with a copy of the content of `filterState`; its listeners are not copied.
  public convenience init(_ filterState: FilterState) {
    self.init(filterState.storage)
  }

  /// The current filters. Setting a different value notifies once.
  public var filters: Filters {
    get {
      access(keyPath: \.filters)
      return storage
    }
    set {
      apply { filters in
        guard filters != newValue else { return false }
        filters = newValue
        return true
      }
    }
  }

  /// Replaces the whole content with that of `filterState` (notifies once if it differs).
  public func setWithContent(of filterState: FilterState) {
    filters = filterState.storage
  }

  /// Calls `handler` with the new filters after every change, until the returned token is cancelled or
  /// released. Nothing is replayed at subscription time: read ``filters`` for the current value.
  public func onChange(_ handler: @escaping @MainActor (Filters) -> Void) -> SubscriptionToken {
    listeners.add(handler) { [weak self] id in self?.listeners.remove(id: id) }
  }

  /// The current filters as an asynchronous sequence of snapshots, starting with the current one.
  /// The sequence ends when the task iterating it is cancelled.
  public func changes() -> AsyncStream<Filters> {
    let (stream, continuation) = AsyncStream.makeStream(of: Filters.self, bufferingPolicy: .bufferingNewest(1))
    continuation.yield(storage)
    let token = onChange { continuation.yield($0) }
    continuation.onTermination = { _ in
      Task { @MainActor in token.cancel() }
    }
    return stream
  }

  /// Sends the current filters to every listener again. Mutations already notify by themselves; call
  /// this only to make listeners (a searcher) run again without a change.
  public func notifyChange() {
    access(keyPath: \.filters)
    sendToListeners()
  }

  /// Runs `body` on a copy of the filters and stores the result as one change: listeners are notified
  /// once, and only if the content differs from what it was before.
  public func update<Result>(_ body: (inout Filters) throws -> Result) rethrows -> Result {
    var copy = storage
    let result = try body(&copy)
    filters = copy
    return result
  }

  /// Runs `body`, which may call any mutating method of this state, and notifies once at the end, only
  /// if the content changed. Batches nest: only the outermost one notifies.
  public func batch<Result>(_ body: () throws -> Result) rethrows -> Result {
    beginBatch()
    defer { endBatch() }
    return try body()
  }

  // MARK: - Internals

  /// Applies a mutation that reports whether it changed anything, and notifies if it did.
  @discardableResult
  func apply(_ body: (inout Filters) -> Bool) -> Bool {
    let changed = body(&storage)
    if changed { didChange() }
    return changed
  }

  private func beginBatch() {
    if batchDepth == 0 { batchStart = storage }
    batchDepth += 1
  }

  private func endBatch() {
    batchDepth -= 1
    guard batchDepth == 0 else { return }
    let start = batchStart
    batchStart = nil
    if start != storage { notifyObservers() }
  }

  private func didChange() {
    guard batchDepth == 0 else { return }
    notifyObservers()
  }

  private func notifyObservers() {
    withMutation(keyPath: \.filters) {}
    sendToListeners()
  }

  private func sendToListeners() {
    let active = listeners.activeListeners()
    guard !active.isEmpty else { return }
    let snapshot = storage
    for listener in active where listener.isActive {
      listener.handler(snapshot)
    }
  }
}

extension FilterState: @MainActor CustomStringConvertible, @MainActor CustomDebugStringConvertible {
  /// The `filters` string for Algolia's `filters` parameter (`Filters.sql`); `""` when empty.
  public var description: String { filters.sql }

  /// One line per group: `FilterState {`, ` "name": ( … )` lines, `}`; `FilterState {}` when empty.
  public var debugDescription: String { filters.debugDescription(title: "FilterState") }
}
