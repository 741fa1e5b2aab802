import InstantSearchCore
import Observation
import Testing

/// Records what a ``FilterState`` sends to its listeners.
@MainActor
final class ChangeRecorder {
  var received: [Filters] = []
  var token: SubscriptionToken?

  init(_ state: FilterState) {
    token = state.onChange { [unowned self] filters in self.received.append(filters) }
  }

  var count: Int { received.count }
}

@MainActor
@Suite("FilterState change notification", .timeLimit(.minutes(2)))
struct FilterStateNotificationTests {
  let red = Filter.Facet(attribute: "color", stringValue: "red")
  let blue = Filter.Facet(attribute: "color", stringValue: "blue")
  let sale = Filter.Tag(value: "sale")

  @Test("Each effective mutation notifies exactly once, with the new filters")
  func exactlyOnce() {
    let state = FilterState()
    let recorder = ChangeRecorder(state)

    state[and: "a"].add(red, sale)
    #expect(recorder.count == 1)
    #expect(recorder.received.last == state.filters)

    state[or: "b"].add(red, blue)
    #expect(recorder.count == 2)
    state[or: "b"].toggle(red)
    #expect(recorder.count == 3)
    state[and: "a"].remove(sale)
    #expect(recorder.count == 4)
    state.removeAll(for: "color")
    #expect(recorder.count == 5)
    #expect(state.isEmpty)
    #expect(recorder.received.last?.isEmpty == true)
  }

  @Test("Mutations that change nothing notify nobody")
  func noOps() {
    let state = FilterState()
    state[and: "a"].add(red)
    let recorder = ChangeRecorder(state)

    state[and: "a"].add(red)
    state[and: "a"].remove(blue)
    state[and: "b"].removeAll()
    state.removeAll(for: "size")
    state.removeAll(fromGroupWithID: .or(name: "a", filterType: .facet))
    state[or: "a"].add(Filter.Numeric(attribute: "p", operator: .lessThan, value: .nan))
    state.add(sale, toGroupWithID: .or(name: "c", filterType: .facet))
    state.filters = state.filters
    state.update { _ in }
    state.notify(.add(filter: red, toGroupWithID: .and(name: "a")))
    #expect(recorder.count == 0)
  }

  @Test("removeAll() notifies once on a non-empty state and not at all on an empty one")
  func removeAllOnce() {
    let state = FilterState()
    let recorder = ChangeRecorder(state)
    state.removeAll()
    #expect(recorder.count == 0)
    state[and: "a"].add(red)
    state[or: "b"].add(blue)
    state.removeAll()
    #expect(recorder.count == 3)
    state.removeAll()
    #expect(recorder.count == 3)
  }

  @Test("Batches notify once: notify(commands), update, batch")
  func batches() {
    let state = FilterState()
    let recorder = ChangeRecorder(state)
    state.notify(
      .add(filter: red, toGroupWithID: .and(name: "a")),
      .add(filters: [blue, red], toGroupWithID: .or(name: "b", filterType: .facet)),
      .toggle(filter: sale, toGroupWithID: .and(name: "c")))
    #expect(recorder.count == 1)
    #expect(state.getGroupIDs().count == 3)

    state.update { filters in
      filters.remove(red, from: .and(name: "a"))
      filters.add(red, to: .and(name: "z"))
    }
    #expect(recorder.count == 2)

    state.batch {
      state[and: "z"].remove(red)
      state[and: "y"].add(red)
      state.batch { state[and: "x"].add(blue) }
    }
    #expect(recorder.count == 3)

    // A batch that ends where it started notifies nobody.
    state.batch {
      state[and: "w"].add(red)
      state[and: "w"].remove(red)
    }
    #expect(recorder.count == 3)
  }

  @Test("Two toggles in the same turn keep both filters")
  func rapidToggles() {
    let state = FilterState()
    let recorder = ChangeRecorder(state)
    state[or: "color"].toggle(red)
    state[or: "color"].toggle(blue)
    #expect(state[or: "color"].filters() == [blue, red])
    #expect(recorder.received.last?.sql == #"( "color":"blue" OR "color":"red" )"#)
  }

  @Test("Command.removeAll(for:fromGroupWithID:) honours the group")
  func commandRemoveAllForAttributeInGroup() {
    let state = FilterState()
    state[and: "a"].add(red)
    state[and: "b"].add(red)
    state.notify(.removeAll(for: "color", fromGroupWithID: .and(name: "a")))
    #expect(state.getGroupIDs() == [.and(name: "b")])
    state.notify(.removeAll)
    #expect(state.isEmpty)
  }

  @Test("Cancelling or dropping the token stops the callbacks")
  func tokens() {
    let state = FilterState()
    var calls = 0
    var token: SubscriptionToken? = state.onChange { _ in calls += 1 }
    state[and: "a"].add(red)
    #expect(calls == 1)
    token?.cancel()
    state[and: "a"].add(blue)
    #expect(calls == 1)

    token = state.onChange { _ in calls += 1 }
    state[and: "a"].add(sale)
    #expect(calls == 2)
    token = nil
    state[and: "a"].remove(sale)
    #expect(calls == 2)
    #expect(token == nil)
  }

  @Test("Listeners are called in subscription order and may subscribe while being called")
  func order() {
    let state = FilterState()
    var log: [String] = []
    var tokens: Set<SubscriptionToken> = []
    state.onChange { _ in log.append("first") }.store(in: &tokens)
    state.onChange { _ in
      log.append("second")
      state.onChange { _ in log.append("late") }.store(in: &tokens)
    }.store(in: &tokens)
    state[and: "a"].add(red)
    #expect(log == ["first", "second"])
  }

  @Test("notifyChange re-sends the current filters")
  func notifyChange() {
    let state = FilterState()
    state[and: "a"].add(red)
    let recorder = ChangeRecorder(state)
    state.notifyChange()
    #expect(recorder.received == [state.filters])
  }

  @Test("Observation tracking sees every change of filters")
  func observation() {
    let state = FilterState()
    let fired = Counter()
    withObservationTracking {
      _ = state.description
    } onChange: {
      fired.increment()
    }
    state[and: "a"].add(red)
    #expect(fired.value == 1)

    // A no-op does not invalidate observers.
    let firedOnNoOp = Counter()
    withObservationTracking {
      _ = state.filters
    } onChange: {
      firedOnNoOp.increment()
    }
    state[and: "a"].add(red)
    #expect(firedOnNoOp.value == 0)
  }

  @Test("changes() starts with the current filters and yields every change")
  func asyncChanges() async {
    let state = FilterState()
    state[and: "a"].add(red)
    var iterator = state.changes().makeAsyncIterator()
    let first = await iterator.next()
    #expect(first?.sql == #"( "color":"red" )"#)
    state[and: "a"].add(blue)
    let second = await iterator.next()
    #expect(second?.sql == #"( "color":"blue" AND "color":"red" )"#)
  }

  @Test("The copy initialiser copies content, not listeners; the state is released with no connection")
  func copyAndRelease() {
    var original: FilterState? = FilterState()
    weak let weakOriginal = original
    original?[and: "a"].add(red)
    var calls = 0
    let token = original?.onChange { _ in calls += 1 }
    let copy = FilterState(original ?? FilterState())
    copy[and: "a"].add(blue)
    #expect(calls == 0)
    #expect(copy.filters.count == 2)
    #expect(original?.filters.count == 1)
    original = nil
    #expect(weakOriginal == nil)
    token?.cancel()
  }
}

/// A counter that Observation's `@Sendable` change handlers can increment. The handlers in these
/// tests run synchronously on the main actor, inside the mutation, so there is no concurrent access.
final class Counter: @unchecked Sendable {
  private(set) var value = 0

  func increment() { value += 1 }
}
