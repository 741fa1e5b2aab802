import Dispatch
import InstantSearchCore
import Testing

@testable import InstantSearchEngine

@Suite("Side thread")
struct SideThreadTests {
  @Test("work runs on the side thread, which takes no other work until it is done")
  func oneAtATime() {
    let thread = SideThread(label: "test.oneAtATime")
    let release = DispatchSemaphore(value: 0)
    let held = thread.start { () -> Int in
      release.wait()
      return 41
    }
    #expect(held != nil)
    // Busy: the caller is told to do the work itself.
    #expect(thread.start { 0 } == nil)
    release.signal()
    #expect(held?.value == 41)
    // A value read twice does not wait twice.
    #expect(held?.value == 41)
    // Idle again once the work is done.
    let next = thread.start { 7 }
    #expect(next?.value == 7)
  }

  @Test("a value is handed over whether the reader finds the work done, watches it finish, or sleeps until it is")
  func valueHandOver() {
    let thread = SideThread(label: "test.valueHandOver")
    // Done before it is read.
    let done = thread.start { 5 }
    thread.drain()
    #expect(done?.isDone == true)
    #expect(done?.value == 5)
    // Read while it runs, from another thread: the reader watches, then sleeps, whichever the gate allows.
    for round in 0..<20 {
      let release = DispatchSemaphore(value: 0)
      let running = thread.start { () -> Int in
        release.wait()
        return round
      }
      let read = Locked<Int?>(nil)
      let reader = DispatchSemaphore(value: 0)
      DispatchQueue.global().async {
        read.withLock { $0 = running?.value }
        reader.signal()
      }
      release.signal()
      reader.wait()
      #expect(read.withLock { $0 } == round)
      #expect(running?.value == round)
    }
  }

  @Test("a session takes the thread at its first work, holds it until that work is done, and runs it in order")
  func sessions() {
    let thread = SideThread(label: "test.sessions")
    let release = DispatchSemaphore(value: 0)
    let order = Locked<[Int]>([])
    let (first, second) = thread.withSession { session -> (SideWork<Int>?, SideWork<Int>?) in
      #expect(!session.holdsThread)
      let first = session.submit { () -> Int in
        release.wait()
        order.withLock { $0.append(1) }
        return 1
      }
      #expect(session.holdsThread)
      // Held: another session's work waits behind this one's, and its reader runs it rather than wait.
      thread.withSession { other in
        let queued = other.submit { 10 }
        #expect(!other.holdsThread)
        #expect(!queued.isDone)
        #expect(queued.value == 10)
      }
      let second = session.submit { () -> Int in
        order.withLock { $0.append(2) }
        return 2
      }
      return (first, second)
    }
    // Still held once the session is over, while its work runs.
    #expect(thread.start { 0 } == nil)
    release.signal()
    #expect(first?.value == 1)
    #expect(second?.value == 2)
    #expect(order.withLock { $0 } == [1, 2])
    // Given up once the work is done; a session that submits nothing never takes it.
    thread.drain()
    thread.withSession { session in #expect(!session.holdsThread) }
    #expect(thread.withSession { $0.submit { 3 }.value } == 3)
  }

  @Test("warming wakes the thread without taking it: the next work and sessions run as without it")
  func warming() {
    let thread = SideThread(label: "test.warming")
    // Idle and warmed (twice: one block at most): work started now runs, and is handed over.
    thread.warm()
    thread.warm()
    #expect(thread.start { 5 }?.value == 5)
    // A session after a warm-up takes the thread at its first work, as always.
    thread.drain()
    let values = thread.withSession { session -> [Int?] in
      session.warm()
      #expect(!session.holdsThread)
      let first = session.submit { 1 }
      #expect(session.holdsThread)
      let second = session.submit { 2 }
      return [first.value, second.value]
    }
    #expect(values == [1, 2])
    // Busy: warming neither waits nor disturbs the work.
    let release = DispatchSemaphore(value: 0)
    let held = thread.start { () -> Int in
      release.wait()
      return 9
    }
    thread.warm()
    #expect(thread.start { 0 } == nil)
    release.signal()
    #expect(held?.value == 9)
    // A warm-up with no work after it gives up on its own: the queue drains.
    thread.drain()
    thread.warm()
    thread.drain()
    #expect(thread.start { 3 }?.value == 3)
  }

  @Test("a session whose thread was busy at its start queues its work behind, and takes it once it is idle")
  func lateSession() {
    let thread = SideThread(label: "test.lateSession")
    let release = DispatchSemaphore(value: 0)
    let held = thread.start { () -> Int in
      release.wait()
      return 1
    }
    let ran = Locked<[Int]>([])
    let values = thread.withSession { session -> [Int] in
      // Busy with the other work: queued behind it, run by the thread once it is free.
      let early = session.submit { () -> Int in
        ran.withLock { $0.append(2) }
        return 2
      }
      #expect(!session.holdsThread)
      release.signal()
      #expect(held?.value == 1)
      thread.drain()
      #expect(early.isDone, "run by the thread, the reader never asked")
      // Idle again: the same session takes it.
      let late = session.submit { 3 }
      #expect(session.holdsThread)
      return [early.value, late.value]
    }
    #expect(values == [2, 3])
    #expect(ran.withLock { $0 } == [2], "run once")
  }

  @Test("work the thread has not started is run by its reader, exactly once, never waited for")
  func readerTakesQueuedWork() {
    let thread = SideThread(label: "test.readerTakes")
    let release = DispatchSemaphore(value: 0)
    let heldDone = Locked(false)
    let held = thread.start { () -> Int in
      // Released by the test once the values are read; the timeout only keeps a broken hand-over (a
      // reader waiting for work queued behind this) from hanging the run: it then fails below.
      _ = release.wait(timeout: .now() + .seconds(30))
      heldDone.withLock { $0 = true }
      return 1
    }
    let runs = Locked<[Bool]>([])
    let taken = thread.withSession { session -> [Int] in
      let queued = (0..<5).map { number in
        session.submit { () -> Int in
          runs.withLock { $0.append(heldDone.withLock { $0 }) }
          return number
        }
      }
      // The thread is still held by the other work: every value is run here.
      return queued.map(\.value)
    }
    #expect(taken == [0, 1, 2, 3, 4])
    release.signal()
    #expect(held?.value == 1)
    // The thread, once free, skips the work already taken: each ran once, all before the other work ended.
    thread.drain()
    #expect(runs.withLock { $0 } == [false, false, false, false, false])
  }

  @Test("facets and hits built on the side thread equal those built in turn")
  func sameFacets() throws {
    let index = try RankingStrategyTests.index(seed: 11, count: 6_000)
    let snapshot = index.snapshot
    var random = DifferentialTests.Generator(state: 12)
    let queries = ["", "a", "b"] + RankingStrategyTests.queries(&random, count: 60)
    var handedOver = 0
    for text in queries {
      for filters in [nil, "popularity > 2", "NOT brand:Wave"] {
        for typo in [Query.TypoTolerance.enabled(true), .min] {
          let query = Fixture.query(text) {
            $0.facets = ["brand", "popularity"]
            $0.filters = filters
            $0.typoTolerance = typo
          }
          let (expected, response) = try Self.inTurnAndBeside(snapshot, query, label: "test.sameFacets")
          #expect(response.facets == expected.facets, "\(text) \(filters ?? "") \(typo)")
          #expect(response.facetsStats == expected.facetsStats, "\(text) \(filters ?? "") \(typo)")
          #expect(response.hits == expected.hits, "\(text) \(filters ?? "") \(typo)")
          #expect(response.nbHits == expected.nbHits)
          if response.nbHits >= SearchExecutor.sideFacetsThreshold, typo == .enabled(true) { handedOver += 1 }
        }
      }
    }
    // Many of the queries do have their facets counted beside the ranking.
    #expect(handedOver >= 20)
  }
}

extension SideThreadTests {
  /// `query` answered by an executor without a side thread, then by one with a side thread of its own.
  static func inTurnAndBeside(
    _ snapshot: IndexSnapshot, _ query: Query, label: String
  ) throws(EngineError) -> (inTurn: SearchResponse, beside: SearchResponse) {
    let inTurn = ViewSearch.oneSegment(snapshot, query)
    let beside = ViewSearch.oneSegment(snapshot, query, thread: SideThread(label: label))
    return (try inTurn.run(), try beside.run())
  }

  @Test("a request's queries after the first, run on the side thread, answer as when run in turn")
  func multiQuery() async throws {
    let index = try RankingStrategyTests.index(seed: 21, count: 3_000)
    let inTurn = LocalSearchClient(indices: [index], sideThread: nil)
    let beside = LocalSearchClient(indices: [index], sideThread: SideThread(label: "test.multiQuery"))
    var random = DifferentialTests.Generator(state: 22)
    let texts = RankingStrategyTests.queries(&random, count: 40)
    // Some queries fail: a filter that does not parse, an index that does not exist.
    func pick() -> IndexedQuery {
      switch random.int(0..<12) {
      case 0: IndexedQuery(indexName: index.name, query: Fixture.query(filters: "brand:Wave)"))
      case 1: IndexedQuery(indexName: "missing", query: Query())
      default:
        IndexedQuery(
          indexName: index.name,
          query: Fixture.query(random.pick(texts)) {
            $0.facets = ["brand"]
            $0.hitsPerPage = random.int(0..<4)
          })
      }
    }
    var failures = 0
    for _ in 0..<150 {
      let queries = (0..<random.int(1..<5)).map { _ in pick() }
      let expected: Result<[SearchResponse], EngineError>
      do { expected = .success(try await inTurn.search(queries, strategy: .none)) } catch let error as EngineError {
        expected = .failure(error)
      }
      do {
        let responses = try await beside.search(queries, strategy: .none)
        guard case .success(let wanted) = expected else {
          Issue.record("expected \(expected), got responses")
          continue
        }
        #expect(responses.map(Fixture.ids) == wanted.map(Fixture.ids))
        #expect(responses.map(\.nbHits) == wanted.map(\.nbHits))
        #expect(responses.map(\.facets) == wanted.map(\.facets))
      } catch let error as EngineError {
        failures += 1
        #expect(expected.failure == error, "the same error, from the same query")
      }
    }
    #expect(failures >= 20)
  }
}

extension Result {
  fileprivate var failure: Failure? {
    if case .failure(let error) = self { return error }
    return nil
  }
}
