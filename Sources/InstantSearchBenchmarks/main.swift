// `swift run -c release instantsearch-benchmarks [filterstate] [disjunctive] [--quick]`
//
// Prints the median cost of the operations that the library's speed targets are about. Timings come
// from `ContinuousClock`; each figure is the median of many samples, after a warm-up.

let arguments = Set(CommandLine.arguments.dropFirst())
let quick = arguments.contains("--quick")
let selected = arguments.filter { !$0.hasPrefix("--") }
let known: Set<String> = ["filterstate", "disjunctive"]

let unknown = selected.subtracting(known)
if !unknown.isEmpty {
  print(
    "unknown benchmark(s): \(unknown.sorted().joined(separator: ", ")); available: \(known.sorted().joined(separator: ", "))"
  )
  exit(code: 2)
}

if selected.isEmpty || selected.contains("filterstate") {
  FilterStateBenchmark(quick: quick).run()
}
if selected.isEmpty || selected.contains("disjunctive") {
  DisjunctiveBenchmark(quick: quick).run()
}
