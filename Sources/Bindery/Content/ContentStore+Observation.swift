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
    if let cached = _cache.value(for: key) { return .loaded(cached._content) }
    return _uncachedState(for: key)
  }

  /// The key path Observation watches for one key.
  @usableFromInline nonisolated subscript(observedKey key: Key) -> Key { key }

  /// How many keys' key paths the store keeps made: twice as many as it caches entries, and at
  /// least 4,096. Making one costs about a microsecond (a key path of a generic class, with an
  /// argument), reusing one a dictionary lookup.
  @usableFromInline var _observedKeyPathLimit: Int { max(4_096, 2 * configuration.countLimit) }

  /// Tells Observation that the key `keyPath` watches was read. Inlinable, so that the generic
  /// calls into Observation are specialized for the app's types (unspecialized, finding their
  /// metadata costs more than the read).
  @inlinable
  func trackRead(by observation: AnyObject, keyPath: KeyPath<ContentStore, Key>) {
    #if canImport(Observation)
      if #available(iOS 17, macOS 14, tvOS 17, visionOS 1, *) {
        unsafeDowncast(observation, to: StateObservation.self).access(self, keyPath: keyPath)
      }
    #endif
  }

  /// Tells Observation that the key `keyPath` watches was read, with no reference count taken
  /// on the path or the registrar (nonisolated, so that the closure needs no check of its
  /// actor).
  @inlinable
  nonisolated static func trackRead(
    of store: ContentStore, by observation: Unmanaged<AnyObject>,
    keyPath: Unmanaged<KeyPath<ContentStore, Key>>
  ) {
    #if canImport(Observation)
      if #available(iOS 17, macOS 14, tvOS 17, visionOS 1, *) {
        observation._withUnsafeGuaranteedRef { observation in
          let observation = unsafeDowncast(observation, to: StateObservation.self)
          keyPath._withUnsafeGuaranteedRef { observation.access(store, keyPath: $0) }
        }
      }
    #endif
  }

  /// The key path for a cached key, kept with its content too, for the next read.
  @usableFromInline
  func _keepObservedKeyPath(forCached key: Key) -> Unmanaged<KeyPath<ContentStore, Key>> {
    let keyPath = Unmanaged.passUnretained(observedKeyPath(for: key))
    _cache.updateValue(for: key) { $0._observedKeyPath = keyPath }
    return keyPath
  }

  /// Tells Observation that `key`'s state changed, invalidating whoever read it. Nothing for a
  /// key no one has read through ``state(for:)`` since the store was made, which is known while
  /// every key read has its key path kept.
  @usableFromInline
  func _noteChange(of key: Key) {
    #if canImport(Observation)
      if #available(iOS 17, macOS 14, tvOS 17, visionOS 1, *), let _observation {
        let keyPath: KeyPath<ContentStore, Key>
        if let kept = _observedKeyPaths.paths[key] {
          keyPath = kept
        } else if _observedKeyPaths.isComplete {
          return
        } else {
          keyPath = \.[observedKey: key]
        }
        unsafeDowncast(_observation, to: StateObservation.self)._registrar.withMutation(
          of: self, keyPath: keyPath
        ) {}
      }
    #endif
  }

  /// The key path for `key`, kept for the next read; past ``_observedKeyPathLimit`` keys the
  /// kept ones are let go, and from then on a change to a key with none makes one.
  @inlinable
  func observedKeyPath(for key: Key) -> KeyPath<ContentStore, Key> {
    if let kept = _observedKeyPaths.paths[key] { return kept }
    if _observedKeyPaths.paths.count >= _observedKeyPathLimit {
      // Cached content refers to its key's path without owning it: those stay.
      _observedKeyPaths = (
        _observedKeyPaths.paths.filter { _cache.value(for: $0.key)?._observedKeyPath != nil }, false
      )
    }
    let keyPath: KeyPath<ContentStore, Key> = \.[observedKey: key]
    _observedKeyPaths.paths[key] = keyPath
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
    @usableFromInline let _registrar = ObservationRegistrar()

    @usableFromInline init() {}

    /// Tells Observation that `keyPath` of `subject` was read. A method of the registrar's own
    /// class, so that the registrar is used where it lies rather than copied out for each read
    /// (its layout is not known to Bindery: copying costs a retain and a release).
    @inlinable
    func access<Subject: Observable, Member>(
      _ subject: Subject, keyPath: KeyPath<Subject, Member>
    ) {
      _registrar.access(subject, keyPath: keyPath)
    }
  }

  /// A store's state per key is observable: see ``ContentStore/state(for:)``.
  @available(iOS 17, macOS 14, tvOS 17, visionOS 1, *)
  extension ContentStore: Observable {}
#endif
