#if canImport(Observation)
  import Observation
#endif

// A store's state per key is observable (iOS 17+): `state(for:)` read inside
// `withObservationTracking` — a SwiftUI view's body, a cell Bindery configures, UIKit's own
// observation tracking from iOS 26 — watches that one key, and each change a cell would show
// (the events `observe(_:)` announces) invalidates only the readers of its key. Observation's
// registrar watches key paths, so each key is a key path of its own: a subscript whose argument
// is the key.

extension ContentStore {
  /// The state a cell would show for `key`, read without telling Observation: what Bindery's
  /// own cells read, since they are reconfigured by the store's announcements already.
  ///
  /// - Complexity: O(1).
  @inlinable
  package func currentState(for key: Key) -> ContentState<Content> {
    if let content = cache.value(for: key) { return .loaded(content) }
    return uncachedState(for: key)
  }

  /// The key path Observation watches for one key.
  @usableFromInline nonisolated subscript(observedKey key: Key) -> Key { key }

  /// How many keys' key paths the store keeps made: twice as many as it caches entries, and at
  /// least 4,096. Making one costs about a microsecond (a key path of a generic class, with an
  /// argument), reusing one a dictionary lookup.
  @usableFromInline var observedKeyPathLimit: Int { max(4_096, 2 * configuration.countLimit) }

  /// Tells Observation that `key` was read. Inlinable, so that the generic calls into
  /// Observation are specialized for the app's types (unspecialized, finding their metadata
  /// costs more than the read).
  @inlinable
  func trackRead(of key: Key) {
    #if canImport(Observation)
      if #available(iOS 17, macOS 14, tvOS 17, visionOS 1, *), let observation {
        unsafeDowncast(observation, to: StateObservation.self).registrar.access(
          self, keyPath: observedKeyPath(for: key))
      }
    #endif
  }

  /// Tells Observation that `key`'s state changed, invalidating whoever read it. Nothing for a
  /// key no one has read through ``state(for:)`` since the store was made, which is known while
  /// every key read has its key path kept.
  @usableFromInline
  func noteChange(of key: Key) {
    #if canImport(Observation)
      if #available(iOS 17, macOS 14, tvOS 17, visionOS 1, *), let observation {
        let keyPath: KeyPath<ContentStore, Key>
        if let kept = observedKeyPaths.paths[key] {
          keyPath = kept
        } else if observedKeyPaths.isComplete {
          return
        } else {
          keyPath = \.[observedKey: key]
        }
        unsafeDowncast(observation, to: StateObservation.self).registrar.withMutation(
          of: self, keyPath: keyPath
        ) {}
      }
    #endif
  }

  /// The key path for `key`, kept for the next read; past ``observedKeyPathLimit`` keys the
  /// kept ones are let go, and from then on a change to a key with none makes one.
  @inlinable
  func observedKeyPath(for key: Key) -> KeyPath<ContentStore, Key> {
    if let kept = observedKeyPaths.paths[key] { return kept }
    if observedKeyPaths.paths.count >= observedKeyPathLimit {
      observedKeyPaths = ([:], false)
    }
    let keyPath: KeyPath<ContentStore, Key> = \.[observedKey: key]
    observedKeyPaths.paths[key] = keyPath
    return keyPath
  }

  /// Observation's bookkeeping for a new store, where the platform has Observation.
  nonisolated static func makeStateObservation() -> AnyObject? {
    #if canImport(Observation)
      if #available(iOS 17, macOS 14, tvOS 17, visionOS 1, *) { return StateObservation() }
    #endif
    return nil
  }
}

#if canImport(Observation)
  /// The registrar behind a store's observable state. A class, so that the store can keep it in
  /// a stored property on iOS 16, where the type does not exist.
  @available(iOS 17, macOS 14, tvOS 17, visionOS 1, *)
  @usableFromInline
  final class StateObservation: Sendable {
    @usableFromInline let registrar = ObservationRegistrar()

    @usableFromInline init() {}
  }

  /// A store's state per key is observable: see ``ContentStore/state(for:)``.
  @available(iOS 17, macOS 14, tvOS 17, visionOS 1, *)
  extension ContentStore: Observable {}
#endif
