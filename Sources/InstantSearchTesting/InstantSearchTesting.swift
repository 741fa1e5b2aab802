import InstantSearchCore

// Test doubles that users need too (a scripted search client, a manual clock, recording controllers)
// live in this module. It has no public API yet: they arrive with the search layer.
