// An app imports BinderyUIKit alone: it re-exports Bindery (and through it BinderyDiff), so
// ContentStore, ListSection and the rest come with `bind(to:)`.
@_exported import Bindery
