// Batches that take their time: an animated batch runs on its window's clock, its removed rows'
// cells animating out until it ends, and its completions called then (UIKit rules §7.5).

extension ListEngine {
  /// The clock the view's animations run on: its window's; `nil` off screen.
  var animationClock: HeadlessAnimationClock? {
    isInWindow ? view?.window?.animationClock : nil
  }

  /// Starts the animation of a batch about to be applied, when it animates — on screen, with
  /// animations on — and returns its name; `nil` when it does not.
  func startBatchAnimation() -> Int? {
    guard HeadlessView.areAnimationsEnabled, let clock = animationClock else { return nil }
    let token = animations.nextToken()
    // The clock keeps the engine until the animation ends, so that its completions run however
    // soon the view goes (a collection view released then raises, §7.1).
    let end = clock.schedule(after: UpdateAnimations.batchDuration) { [self] in
      endAnimation(token)
    }
    animations.start(token, clock: clock, end: end)
    return token
  }

  /// Hands a batch's completions to its animation, or makes them due on the next turn, told
  /// `finished`, for a batch that does not animate.
  func complete(_ completions: [UpdateAnimations.Completion], animation: Int?, finished: Bool) {
    animations.add(completions, to: animation, finished: finished)
    scheduleDrainIfNeeded()
  }

  /// An animation ran to its end: its cells go back to the reuse pool and its completions are
  /// called, told it finished.
  private func endAnimation(_ token: Int) {
    guard let animation = animations.finish(token) else { return }
    for cell in animation.cellsOut { recycle(cell) }
    // The view went while the update animated: UIKit raises in its dealloc (§7.1).
    if view == nil && kind == .collectionView { report(UIKitMessages.deallocatedDuringUpdate) }
    for completion in animation.completions { completion(true) }
  }

  /// Ends every animation under way (a reload, the view leaving its window): their cells go
  /// back to the reuse pool, and their completions are called on the next turn, told they did
  /// not finish.
  func interruptAnimations() {
    let interrupted = animations.interruptAll()
    guard !interrupted.isEmpty else { return }
    for animation in interrupted {
      animation.clock.cancel(animation.end)
      for cell in animation.cellsOut { recycle(cell) }
    }
    scheduleDrainIfNeeded()
  }

  /// Batches whose completion has not been called yet (an animation under way counts one at
  /// least).
  var pendingCompletionCount: Int { animations.pendingCount }

  private func scheduleDrainIfNeeded() {
    guard !animations.due.isEmpty || animations.interruptedSinceDrain,
      !animations.isDrainScheduled
    else { return }
    animations.isDrainScheduled = true
    Task { @MainActor [self] in drainDue() }
  }

  /// Calls what is due, in the order it became due; completions made due by these wait for the
  /// next turn, as new animations would.
  private func drainDue() {
    animations.isDrainScheduled = false
    if animations.interruptedSinceDrain {
      animations.interruptedSinceDrain = false
      // The view went while an update it animated was in flight (§7.1).
      if view == nil && kind == .collectionView { report(UIKitMessages.deallocatedDuringUpdate) }
    }
    for (completion, finished) in animations.takeDue() { completion(finished) }
  }
}
