import Foundation

/// Sends Insights events — clicks, conversions, views — in batches, without ever making its caller wait.
///
/// ```swift
/// let insights = InsightsClient(
///   sink: AlgoliaInsightsSink(appID: "YourApplicationID", apiKey: "YourSearchOnlyAPIKey"),
///   userToken: "user-42", directory: cachesDirectory)
/// insights.track(try .viewedObjectIDs(eventName: "Viewed", indexName: "products", objectIDs: ["1"],
///                                     userToken: insights.userToken))
/// ```
///
/// - ``track(_:)`` only queues the event (on any thread, in order) and returns.
/// - With a `directory`, every queued event is kept on disk until it is sent: events survive an app's
///   restart and are sent by the next client on that directory, once.
/// - Events go in batches of up to ``Configuration/batchSize`` (1,000, the API's limit), when a batch is
///   full, ``Configuration/flushDelay`` after the first event queued, or on ``flush()``.
/// - A batch that fails for a reason worth retrying (a 5xx answer, a network error) is sent again after
///   ``Configuration/retryDelay``, doubled each time, up to ``Configuration/maximumAttempts``; then it stays
///   queued for the next flush. A refused batch (a 4xx answer) is dropped: sending it again would fail
///   again. Errors are kept in ``recentErrors``.
public actor InsightsClient {
  /// How and when batches go.
  public struct Configuration: Sendable {
    /// The most events per request (at most 1,000).
    public var batchSize: Int
    /// How long after the first queued event a flush starts by itself (`nil`: only full batches and
    /// ``flush()``).
    public var flushDelay: Duration?
    /// The wait before the first retry of a failed batch, doubled for each next one.
    public var retryDelay: Duration
    /// How many times a batch is sent in one flush before it waits for the next.
    public var maximumAttempts: Int
    /// The clock the delays run on.
    public var clock: any Clock<Duration>

    /// Algolia's limits and a gentle pace: 1,000 events, a flush 5 s after an event, 4 attempts from 1 s.
    public init(
      batchSize: Int = 1000, flushDelay: Duration? = .seconds(5), retryDelay: Duration = .seconds(1),
      maximumAttempts: Int = 4, clock: any Clock<Duration> = ContinuousClock()
    ) {
      self.batchSize = min(max(batchSize, 1), 1000)
      self.flushDelay = flushDelay
      self.retryDelay = retryDelay
      self.maximumAttempts = max(1, maximumAttempts)
      self.clock = clock
    }
  }

  /// Where batches go.
  public nonisolated let sink: any InsightsSink
  /// The settings.
  public nonisolated let configuration: Configuration
  /// The file queued events are kept in, with a `directory`.
  public nonisolated let storagePath: String?
  private nonisolated let inbox = Locked<[InsightsEvent]>([])
  private nonisolated let token: Locked<String>
  private nonisolated let errors = Locked<[InsightsError]>([])
  private var queued: [InsightsEvent] = []
  private var loaded = false
  private var scheduled: Task<Void, Never>?
  /// The flush sending batches now, if any: one at a time, and every `flush()` waits for it.
  private var running: Task<Void, Never>?

  /// A client sending to `sink` as `userToken` (a new anonymous token when `nil`), keeping queued events
  /// in `directory` when given (created when missing).
  public init(
    sink: any InsightsSink, userToken: String? = nil, directory: String? = nil,
    configuration: Configuration = Configuration()
  ) {
    self.sink = sink
    self.configuration = configuration
    token = Locked(userToken ?? "anonymous-" + UUID().uuidString.lowercased())
    storagePath = directory.map { $0 + "/insights-events.jsonl" }
    if let directory {
      do {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
      } catch {
        errors.withLock { $0.append(.storage("\(directory): \(error)")) }
      }
    }
  }

  /// The user token events are sent with by the trackers.
  public nonisolated var userToken: String { token.withLock { $0 } }

  /// Changes the user token (a user who logs in).
  public nonisolated func setUserToken(_ userToken: String) {
    token.withLock { $0 = userToken }
  }

  /// The latest errors (at most 20): refused batches, failures that ran out of attempts, storage.
  public nonisolated var recentErrors: [InsightsError] { errors.withLock { $0 } }

  /// Queues `event` and returns at once; it is stored and sent off the caller's thread.
  public nonisolated func track(_ event: InsightsEvent) {
    inbox.withLock { $0.append(event) }
    Task { await self.takeInbox() }
  }

  /// Records an error (the trackers report events they could not make).
  nonisolated func report(_ error: InsightsError) {
    errors.withLock { errors in
      errors.append(error)
      if errors.count > 20 { errors.removeFirst(errors.count - 20) }
    }
  }

  /// The events queued and not sent yet (those kept on disk by an earlier client included).
  public func pendingEvents() -> [InsightsEvent] {
    loadIfNeeded()
    takeInboxNow()
    return queued
  }

  /// Sends every queued event now, in batches; returns when each batch is sent, dropped, or out of
  /// attempts for this flush.
  ///
  /// A flush already under way (started by a full batch, a timer or another caller) is waited for, then
  /// what is still queued is sent: returning early while another flush still sends would leave the
  /// caller's events unsent when it goes on.
  public func flush() async {
    loadIfNeeded()
    takeInboxNow()
    while let current = running { await current.value }
    guard !queued.isEmpty else { return }
    scheduled?.cancel()
    scheduled = nil
    let sending = Task { await sendQueued() }
    running = sending
    await sending.value
  }

  /// Sends the queued events in batches until none is left or a batch runs out of attempts; then ends
  /// the running flush.
  private func sendQueued() async {
    defer { running = nil }
    while !queued.isEmpty {
      let batch = Array(queued.prefix(configuration.batchSize))
      guard await send(batch) else { break }
      queued.removeFirst(batch.count)
      persist()
    }
  }

  /// Sends `batch`, retrying; returns whether it is done with (sent or refused).
  private func send(_ batch: [InsightsEvent]) async -> Bool {
    var delay = configuration.retryDelay
    for attempt in 1...configuration.maximumAttempts {
      do throws(InsightsError) {
        try await sink.send(batch)
        return true
      } catch {
        if case .rejected = error {
          report(error)
          return true
        }
        if attempt == configuration.maximumAttempts {
          report(error)
          return false
        }
      }
      do {
        try await configuration.clock.sleep(for: delay)
      } catch {
        return false
      }
      delay *= 2
    }
    return false
  }

  private func takeInbox() async {
    takeInboxNow()
    if queued.count >= configuration.batchSize {
      await flush()
    } else if !queued.isEmpty, scheduled == nil, let delay = configuration.flushDelay {
      let clock = configuration.clock
      scheduled = Task { [weak self] in
        do {
          try await clock.sleep(for: delay)
        } catch {
          return
        }
        await self?.flush()
      }
    }
  }

  /// Moves the inbox's events to the queue and the disk.
  private func takeInboxNow() {
    loadIfNeeded()
    let new = inbox.withLock { inbox in
      defer { inbox = [] }
      return inbox
    }
    guard !new.isEmpty else { return }
    queued += new
    guard let storagePath else { return }
    do {
      try EventFile.append(new, to: storagePath)
    } catch {
      report(.storage("\(storagePath): \(error)"))
    }
  }

  /// Reads the events an earlier client left on disk, once.
  private func loadIfNeeded() {
    guard !loaded else { return }
    loaded = true
    guard let storagePath else { return }
    do {
      let (events, skipped) = try EventFile.read(storagePath)
      queued = events + queued
      if skipped > 0 { report(.storage("\(storagePath): \(skipped) unreadable line(s) skipped")) }
    } catch {
      report(.storage("\(storagePath): \(error)"))
    }
  }

  /// Rewrites the disk's queue after a batch is done with.
  private func persist() {
    guard let storagePath else { return }
    do {
      try EventFile.replace(storagePath, with: queued)
    } catch {
      report(.storage("\(storagePath): \(error)"))
    }
  }
}
