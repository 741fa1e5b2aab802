import Testing

@testable import InstantSearchEngine

/// ``ElisionKeyNodes`` (the tree records are stripped along) against the members' key paths themselves and
/// ``RecordElision``'s set of containers.
@Suite("Elision key nodes")
struct ElisionKeyNodesTests {
  @Test("random members (parents of up to three keys): any key path finds the containers and members the sets name")
  func againstKeyPaths() {
    var random = DifferentialTests.Generator(state: 53)
    for round in 0..<80 {
      var members: [RecordElision.Member] = []
      var seen: Set<[UInt32]> = []
      for _ in 0..<random.int(1..<12) {
        // Few keys, so that paths share prefixes and containers hold members and other containers.
        let parent = (0..<random.int(0..<4)).map { _ in UInt32(random.int(0..<4)) }
        let key = UInt32(random.int(0..<6))
        guard seen.insert(parent + [key]).inserted else { continue }
        members.append(
          RecordElision.Member(
            path: "m\(members.count)", parent: parent, key: key, source: .single(.bytes(Column([]))),
            values: Column([]), valueStarts: Column([0])))
      }
      let elision = RecordElision(members: members)
      // Every path of up to four keys over the keys used, and a few beyond them.
      var paths: [[UInt32]] = [[]]
      for _ in 0..<4 {
        paths = paths + paths.filter { $0.count < 4 }.flatMap { path in (0..<7).map { path + [UInt32($0)] } }
        paths = Array(Set(paths))
      }
      for path in paths where !path.isEmpty {
        // Walk the tree: every proper prefix must be a container to reach the last key's node.
        var node = 0
        var reached = true
        for key in path.dropLast() {
          guard let entry = elision.keyNodes.entry(node: node, key: key), entry.container >= 0 else {
            reached = false
            break
          }
          node = Int(entry.container)
        }
        let parentIsContainer = path.count == 1 || elision.containers.contains(Array(path.dropLast()))
        #expect(reached == parentIsContainer, "round \(round), path \(path)")
        guard reached, let last = path.last else { continue }
        let entry = elision.keyNodes.entry(node: node, key: last)
        let member = members.firstIndex { $0.parent + [$0.key] == path }
        if path.count == 1 { #expect(elision.rootMember(last) == member, "round \(round), root key \(last)") }
        #expect((entry?.container ?? -1 >= 0) == elision.containers.contains(path), "round \(round), path \(path)")
        #expect(entry.flatMap { $0.member >= 0 ? Int($0.member) : nil } == member, "round \(round), path \(path)")
      }
    }
  }
}
