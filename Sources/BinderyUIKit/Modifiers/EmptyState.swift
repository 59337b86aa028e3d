import Bindery
import Foundation

#if canImport(UIKit)
  import UIKit
#else
  import HeadlessUIKit
#endif
#if canImport(Combine)
  import Combine
#endif

/// Why a bound list shows no rows: what an empty state tells the user.
public enum EmptyListState: Sendable {
  /// No list has been shown yet: the source has not sent one (or the first display is held),
  /// and has not ended.
  case loading
  /// The list shown has no items (its sections, and their headers, may still be there), or
  /// the source ended without sending one.
  case empty
  /// The source failed before anything could be shown, or while the list shown was empty.
  case failed(any Error)

  /// Whether two states call for the same view (failures compare by kind only).
  func isSameKind(as other: EmptyListState) -> Bool {
    switch (self, other) {
    case (.loading, .loading), (.empty, .empty), (.failed, .failed): true
    default: false
    }
  }
}

extension ViewBinding {
  /// Shows `view(state)` behind the rows — the table's or collection view's `backgroundView` —
  /// whenever the list shows no items: before the first list (``EmptyListState/loading``), for
  /// an empty list (``EmptyListState/empty``) and when the source failed with nothing to show
  /// (``EmptyListState/failed(_:)``). Return `nil` for a state that needs nothing. Section
  /// headers and footers of empty sections stay where they are, in front of it. The view is
  /// asked for again only when the state changes, and removed as soon as a row is shown. A
  /// background view of your own stays whenever the state shows nothing (`nil`, or rows), and
  /// comes back when the empty state's view goes.
  ///
  /// ```swift
  /// tableView.bind(to: .publisher(viewModel.$mates)) { … }
  ///   .emptyState { state in
  ///     switch state {
  ///     case .loading: return nil
  ///     case .empty: return MessageView("No mates yet")
  ///     case .failed(let error): return MessageView("Couldn't load: \(error)")
  ///     }
  ///   }
  ///   .store(in: &cancellables)
  /// ```
  public func emptyState(_ view: @escaping @MainActor (EmptyListState) -> UIView?) -> Self {
    guard let adapter = liveAdapter() else { return self }
    adapter.features.emptyState = view  // updated by the adapter after every list shown
    onSourceFailure { [weak adapter] _ in adapter?.updateEmptyState() }
    // A source that ends without a list: nothing is loading any more.
    onEnd { [weak adapter] in adapter?.updateEmptyState() }
    adapter.updateEmptyState()
    return self
  }

  /// As ``emptyState(_:)``, for a source whose lists do not say whether it is still loading —
  /// a view model that starts with `[]` and fetches — with a publisher that does: while
  /// `loading` last sent `true`, a list without items shows ``EmptyListState/loading``, not
  /// ``EmptyListState/empty``, so "No mates yet" does not flash at launch. `loading` may send
  /// on any thread.
  ///
  /// ```swift
  /// tableView.bind(to: .publisher(viewModel.$mates)) { … }
  ///   .emptyState(loading: viewModel.$isLoading) { state in … }
  ///   .store(in: &cancellables)
  /// ```
  public func emptyState<Loading>(
    loading: Loading, _ view: @escaping @MainActor (EmptyListState) -> UIView?
  ) -> Self where Loading: Publisher, Loading.Output == Bool, Loading.Failure == Never {
    guard let adapter = liveAdapter() else { return self }
    adapter.empty.sourceIsLoading = true  // until the publisher says otherwise
    // The newest value, read on the main actor: values that hop there in any order show the
    // last one sent.
    let latest = Locked<Bool?>(nil)
    loading.subscribe(
      for: self,
      receive: { [weak adapter, weak self] isLoading in
        latest.withLock { $0 = isLoading }
        Task { @MainActor [weak adapter, weak self] in
          // Done loading: the list it loaded (sent before the flag) is shown first, so the
          // empty state does not flash in while it is diffed.
          if latest.withLock({ $0 }) == false { await self?.waitUntilShown() }
          guard let adapter, let isLoading = latest.withLock({ $0 }) else { return }
          adapter.empty.sourceIsLoading = isLoading
          adapter.updateEmptyState()
        }
      }, finished: {})
    return emptyState(view)
  }

  /// Asks the empty state's view provider again now: what it answers has changed (SwiftUI's
  /// `BoundList` gained or lost its empty state).
  package func showEmptyStateAgain() {
    runningAdapter?.updateEmptyState(askingAgain: true)
  }
}

extension ListAdapter {
  /// Shows, replaces or removes the empty state for what the view shows now; `askingAgain`
  /// asks the provider even for the state it shows already (what it answers has changed).
  func updateEmptyState(askingAgain: Bool = false) {
    guard let make = features.emptyState, let binding else { return }
    let state: EmptyListState? =
      if shown.numberOfItems > 0 {
        nil
      } else if let failure = binding.sourceFailure {
        .failed(failure)
      } else if empty.sourceIsLoading == true
        || (binding.statistics.updates == 0 && !binding.hasEnded)
      {
        .loading
      } else {
        .empty
      }
    if !askingAgain, let state, let current = empty.state, current.isSameKind(as: state) {
      return
    }
    if state == nil, empty.state == nil { return }
    empty.state = state
    let background = state.flatMap(make)
    guard let view else { return }
    // A background view that is not the empty state's is the app's: it is kept, and put back
    // whenever the state shows nothing.
    if view.backgroundView !== empty.background { empty.appBackground = view.backgroundView }
    empty.background = background
    view.backgroundView = background ?? empty.appBackground
  }
}
