/// Watching for something another thread is about to do, without sleeping: the side thread looking for
/// work (``SideThread/warm()``, and after its last piece), a query looking for its side work's value
/// (``SideWork/value``). A thread put to sleep on this machine woke some 30 µs after it was woken; a watch
/// of a few hundred microseconds at most costs less than that wait whenever the event comes soon.
enum SpinWait {
  /// Watches `done` until it holds or `limit` has passed, reading the clock once every `clockEvery` looks
  /// (a clock read costs more than a look); whether `done` held.
  @inline(__always)
  static func watch(upTo limit: Duration, clockEvery: Int, until done: () -> Bool) -> Bool {
    if done() { return true }
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: limit)
    var looks = 0
    while !done() {
      looks &+= 1
      if looks % clockEvery == 0, clock.now >= deadline { return false }
    }
    return true
  }
}
