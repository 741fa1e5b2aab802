// The umbrella module: one import for the filtering model, the searcher and the embedded engine, and on
// Apple platforms the UIKit controllers of the widgets (in the folders beside this file).
@_exported import InstantSearchCore
@_exported import InstantSearchEngine
