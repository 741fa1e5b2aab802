import InstantSearchCore

/// The FilterState benchmark: a state of 1,000 filters in 50 groups (25 conjunctive, 25 disjunctive) with
/// string, numeric, quoted, backslashed and negated values.
///
/// It measures building the state filter by filter, one change followed by rendering the `filters`
/// string (what a searcher does on every change), and a toggle — with no listener, and with a listener
/// that keeps each snapshot as a searcher does.
@MainActor
struct FilterStateBenchmark {
  let quick: Bool

  static let groupCount = 50
  static let filtersPerGroup = 20

  /// The (group, filter) pairs of the benchmark state, in a fixed order.
  static func content() -> [(FilterGroup.ID, Filter)] {
    var result: [(FilterGroup.ID, Filter)] = []
    for group in 0..<groupCount {
      let name = "group-\(group)"
      let attribute = Attribute("attribute_\(group % 17)")
      for index in 0..<filtersPerGroup {
        let negated = index % 5 == 0
        let filter: Filter
        switch group % 5 {
        case 0: filter = .facet(.init(attribute: attribute, stringValue: "value \(index)", isNegated: negated))
        case 1:
          filter = .facet(.init(attribute: attribute, stringValue: #"quoted "\#(index)" \ value"#, isNegated: negated))
        case 2:
          filter = .numeric(
            .init(attribute: attribute, operator: .greaterThanOrEqual, value: Double(index) * 1.5, isNegated: negated))
        case 3:
          filter = .numeric(
            .init(attribute: attribute, range: Double(index)...Double(index) + 10.25, isNegated: negated))
        default: filter = .tag(.init(value: "tag-\(group)-\(index)", isNegated: negated))
        }
        let id: FilterGroup.ID = group % 2 == 0 ? .and(name: name) : .or(name: name, filterType: filter.kind)
        result.append((id, filter))
      }
    }
    return result
  }

  func run() {
    let content = Self.content()
    let rounds = quick ? 20 : 200
    let operations = quick ? 2_000 : 20_000
    print("FilterState benchmark: \(content.count) filters in \(Self.groupCount) groups (half and, half or)")

    var build = Measurement(name: "build (1,000 adds through accessors)")
    var state = FilterState()
    for _ in 0..<rounds {
      let fresh = FilterState()
      build.time {
        for (id, filter) in content { fresh.add(filter, toGroupWithID: id) }
      }
      state = fresh
    }
    let renderedLength = state.description.utf8.count
    print("rendered filters string: \(renderedLength) bytes, \(state.filters.count) filters")

    var render = Measurement(name: "render only (description)")
    for _ in 0..<operations / 10 { render.time { blackHole(state.description) } }

    let toggled = content[content.count / 2]
    var changeAndRender = Measurement(name: "change + render (toggle, then description)")
    for _ in 0..<operations / 4 {
      changeAndRender.time {
        state.toggle(toggled.1, inGroupWithID: toggled.0)
        blackHole(state.description)
      }
    }

    var toggle = Measurement(name: "toggle (no listener)")
    let batch = 100
    for _ in 0..<operations / batch {
      toggle.time(operations: batch) {
        for _ in 0..<batch { state.toggle(toggled.1, inGroupWithID: toggled.0) }
      }
    }

    var kept: Filters?
    let token = state.onChange { kept = $0 }
    var toggleWithListener = Measurement(name: "toggle (listener keeps each snapshot)")
    for _ in 0..<operations / batch {
      toggleWithListener.time(operations: batch) {
        for _ in 0..<batch { state.toggle(toggled.1, inGroupWithID: toggled.0) }
      }
    }
    token.cancel()
    blackHole(kept?.count ?? 0)

    print(build.row())
    print(render.row())
    print(changeAndRender.row(target: .microseconds(50)))
    print(toggle.row(target: .microseconds(1)))
    print(toggleWithListener.row())
  }
}

/// Keeps the optimizer from removing a computation whose result is unused.
@inline(never)
func blackHole<T>(_ value: T) {
  withExtendedLifetime(value) {}
}
