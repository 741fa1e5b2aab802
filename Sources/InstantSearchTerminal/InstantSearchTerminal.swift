import InstantSearchCore

// Terminal controllers and the renderer of the showcase live in this module. It has no public API yet.
