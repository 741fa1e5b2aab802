import Foundation
import Hummingbird
import InstantSearchCore
import Logging
import NIOCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A request as a loopback server received it.
struct ReceivedRequest: Sendable {
  let method: String
  let path: String
  let headers: [String: String]
  let body: String
}

/// How a loopback server answers.
enum ServerBehavior: Sendable {
  /// Answers with a status and a body.
  case respond(status: Int, body: String)
  /// Answers the n-th request with the n-th status (the last one from then on), with a small JSON body.
  case statuses([Int])
  /// Never answers until the test releases it (a host that hangs).
  case hang
  /// Answers with a status and a body of `bytes` bytes written as fast as the client reads, in 64 KB
  /// chunks, with or without a `Content-Length`; the server reports how many it wrote (``Streamed``).
  case stream(status: Int, bytes: Int, declaresLength: Bool)
}

/// How a streamed body ended: the bytes written, and whether all were written (`false`: the client
/// closed the connection first).
struct Streamed: Sendable, Equatable {
  let written: Int
  let completed: Bool
}

/// A gate that hanging handlers wait on; the test opens it before the servers stop.
final class Gate: Sendable {
  private let state = Locked<(isOpen: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

  func wait() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let isOpen = state.withLock { state -> Bool in
        if state.isOpen { return true }
        state.waiters.append(continuation)
        return false
      }
      if isOpen { continuation.resume() }
    }
  }

  func open() {
    let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
      state.isOpen = true
      defer { state.waiters = [] }
      return state.waiters
    }
    for waiter in waiters { waiter.resume() }
  }
}

/// One loopback server: its port and what it received.
final class LoopbackServer: Sendable {
  let port: Int
  private let received = Locked<[ReceivedRequest]>([])
  let arrivals: AsyncStream<Void>
  private let arrival: AsyncStream<Void>.Continuation
  /// One element per streamed body, when it ended.
  let streams: AsyncStream<Streamed>
  private let streamEnd: AsyncStream<Streamed>.Continuation

  init(port: Int) {
    self.port = port
    (arrivals, arrival) = AsyncStream.makeStream(of: Void.self)
    (streams, streamEnd) = AsyncStream.makeStream(of: Streamed.self)
  }

  func streamEnded(_ streamed: Streamed) {
    streamEnd.yield(streamed)
  }

  var requests: [ReceivedRequest] { received.withLock { $0 } }

  func record(_ request: ReceivedRequest) {
    received.withLock { $0.append(request) }
    arrival.yield()
  }
}

/// Starts one HTTP server per behavior on 127.0.0.1 (ephemeral ports), runs `body` with them, then stops
/// them. Hanging handlers are released before the servers stop.
func withLoopbackServers(
  _ behaviors: [ServerBehavior], _ body: @Sendable ([LoopbackServer]) async throws -> Void
) async throws {
  let gate = Gate()
  try await withThrowingTaskGroup(of: Void.self) { group in
    var servers: [LoopbackServer] = []
    for behavior in behaviors {
      let (ports, portContinuation) = AsyncStream.makeStream(of: Int.self)
      let holder = Locked<LoopbackServer?>(nil)
      let router = Router()
      let handler: @Sendable (Request, BasicRequestContext) async throws -> Response = { request, _ in
        let buffer = try await request.body.collect(upTo: 1 << 20)
        var headers: [String: String] = [:]
        for field in request.headers { headers[field.name.canonicalName] = field.value }
        let received = ReceivedRequest(
          method: request.method.rawValue, path: request.uri.description, headers: headers,
          body: String(buffer: buffer))
        let server = holder.withLock { $0 }
        server?.record(received)
        switch behavior {
        case .statuses(let statuses):
          let status = statuses[min(statuses.count, server?.requests.count ?? 1) - 1]
          return Response(
            status: .init(code: status), headers: [.contentType: "application/json"],
            body: .init(byteBuffer: ByteBuffer(string: #"{"status":\#(status),"message":"status \#(status)"}"#)))
        case .respond(let status, let body):
          return Response(
            status: .init(code: status), headers: [.contentType: "application/json"],
            body: .init(byteBuffer: ByteBuffer(string: body)))
        case .hang:
          await gate.wait()
          return Response(status: .serviceUnavailable)
        case .stream(let status, let bytes, let declaresLength):
          let server = holder.withLock { $0 }
          let body = ResponseBody(contentLength: declaresLength ? bytes : nil) { writer in
            let chunk = ByteBuffer(repeating: UInt8(ascii: "x"), count: 1 << 16)
            var written = 0
            do {
              while written < bytes {
                let size = min(chunk.readableBytes, bytes - written)
                try await writer.write(chunk.getSlice(at: 0, length: size) ?? chunk)
                written += size
              }
              try await writer.finish(nil)
            } catch {
              server?.streamEnded(Streamed(written: written, completed: false))
              throw error
            }
            server?.streamEnded(Streamed(written: written, completed: true))
          }
          return Response(status: .init(code: status), headers: [.contentType: "application/json"], body: body)
        }
      }
      router.post("/**", use: handler)
      var logger = Logger(label: "loopback")
      logger.logLevel = .critical
      let app = Application(
        router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
        onServerRunning: { channel in
          portContinuation.yield(channel.localAddress?.port ?? 0)
          portContinuation.finish()
        }, logger: logger)
      group.addTask { try await app.run() }
      var port = 0
      for await value in ports {
        port = value
        break
      }
      let server = LoopbackServer(port: port)
      holder.withLock { $0 = server }
      servers.append(server)
    }
    do {
      try await body(servers)
    } catch {
      gate.open()
      group.cancelAll()
      throw error
    }
    gate.open()
    group.cancelAll()
  }
}

/// Runs `body` with a port on 127.0.0.1 where nothing listens, held so for the whole of `body`: a socket is
/// bound to it and never listens, so a connection to it is refused and no other server of the tests running
/// beside can be given it (a port freed by a stopped server could be, and then answer).
func withClosedLoopbackPort<T: Sendable>(_ body: (Int) async throws -> T) async throws -> T {
  #if os(Linux)
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
  #else
    let descriptor = socket(AF_INET, SOCK_STREAM, 0)
  #endif
  guard descriptor >= 0 else { throw ClosedPortError(step: "socket", code: errno) }
  defer { close(descriptor) }
  var address = sockaddr_in()
  address.sin_family = sa_family_t(AF_INET)
  address.sin_port = 0
  address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
  var length = socklen_t(MemoryLayout<sockaddr_in>.size)
  let bound = withUnsafeMutablePointer(to: &address) { pointer in
    pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
      bind(descriptor, address, length) == 0 && getsockname(descriptor, address, &length) == 0
    }
  }
  guard bound else { throw ClosedPortError(step: "bind", code: errno) }
  return try await body(Int(UInt16(bigEndian: address.sin_port)))
}

/// A closed port could not be held.
struct ClosedPortError: Error {
  let step: String
  let code: Int32
}
