// Code written against InstantSearch's pages makes `SearchClient(appID:apiKey:)`-style clients from the
// module it imports: Algolia's REST client is part of this module's interface, as it was when it lived in
// the model.
@_exported import InstantSearchAlgolia
