import InstantSearchCore

// The embedded search engine (`LocalIndex`, `LocalSearchClient`) lives in this module. It has no public
// API yet: it arrives with the engine issue, and this module declares nothing until then.
