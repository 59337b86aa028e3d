import BinderyDiff

/// One list sent to a binding, numbered in the order it was sent.
package struct Submission<Section, Item>: Sendable
where
  Section: Identifiable & Equatable & Sendable, Section.ID: Sendable,
  Item: Identifiable & Equatable & Sendable, Item.ID: Sendable
{
  /// 1 for the first list sent, then counting up.
  var sequence: UInt64
  var sections: [ListSection<Section, Item>]
  /// Whether the change is animated (a reload never is).
  var animated: Bool
}

/// Where lists wait for a binding's diff: one slot, the newest list wins, and every list gets a
/// number in the order it was sent, from any thread.
///
/// The numbers are what ``ListBinding`` resolves its waiters by: once list *n* is shown, every
/// list numbered below *n* was replaced. So no path by which a list is replaced (another
/// `submit`, an `apply`, the source) needs handling of its own.
package final class ListInbox<Section, Item>: Sendable
where
  Section: Identifiable & Equatable & Sendable, Section.ID: Sendable,
  Item: Identifiable & Equatable & Sendable, Item.ID: Sendable
{
  let submissions: AsyncStream<Submission<Section, Item>>
  private let continuation: AsyncStream<Submission<Section, Item>>.Continuation
  /// The number of the last list accepted; 0 before the first.
  private let lastSequence = Locked<UInt64>(0)

  init() {
    (submissions, continuation) = AsyncStream.makeStream(
      of: Submission<Section, Item>.self, bufferingPolicy: .bufferingNewest(1))
  }

  /// Sends a list; returns its number, or `nil` when the inbox is closed.
  @discardableResult
  package func submit(_ sections: [ListSection<Section, Item>], animated: Bool = true) -> UInt64? {
    // Numbering and yielding under one lock keeps the numbers in the order the lists arrive.
    lastSequence.withLock { last in
      let submission = Submission(sequence: last + 1, sections: sections, animated: animated)
      if case .terminated = continuation.yield(submission) { return nil }
      last += 1
      return last
    }
  }

  /// Numbers a list that is shown without going through the inbox, if the last list accepted
  /// is still number `expected` (no list arrived meanwhile, from any thread); `nil` otherwise.
  package func claimNext(after expected: UInt64) -> UInt64? {
    lastSequence.withLock { last in
      guard last == expected else { return nil }
      last += 1
      return last
    }
  }

  /// The number of the last list accepted, 0 before the first.
  package var newestSequence: UInt64 { lastSequence.withLock { $0 } }

  /// Closes the inbox: later lists are refused, and the reader ends after the one waiting.
  package func finish() {
    lastSequence.withLock { _ in continuation.finish() }
  }
}
