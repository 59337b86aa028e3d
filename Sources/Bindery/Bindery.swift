// Bindery's public face re-exports the diff, so `import Bindery` is the only import a user needs.
@_exported import BinderyDiff
