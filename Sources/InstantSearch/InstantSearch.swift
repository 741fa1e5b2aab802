// The umbrella module: one import for the filtering model, the searcher and the embedded engine.
@_exported import InstantSearchCore
@_exported import InstantSearchEngine
