// Code written against InstantSearch's pages imports `InstantSearchCore` (or `InstantSearch`) and uses
// `Filter`, `Query` and `SearchResponse` from it: the model's types are part of this module's interface.
@_exported import InstantSearchModel
