import HeadlessUIKit
import Testing

/// HeadlessUIKit's stand-in for the part of Combine Bindery uses (UIKit rules §5.5).
@Suite("Combine names")
struct CombineNamesTests {
  final class Box: @unchecked Sendable {
    var values: [Int] = []
    var finished = false
  }

  /// A subscriber that asks for a fixed number of values up front and none after.
  final class Limited: Subscriber {
    typealias Input = Int
    typealias Failure = Never
    let box: Box
    let limit: Int
    init(_ box: Box, limit: Int) {
      self.box = box
      self.limit = limit
    }
    func receive(subscription: any Subscription) { subscription.request(.max(limit)) }
    func receive(_ input: Int) -> Subscribers.Demand {
      box.values.append(input)
      return .none
    }
    func receive(completion: Subscribers.Completion<Never>) { box.finished = true }
  }

  @Test func sinkReceivesValuesAndTheEnd() {
    let subject = PassthroughSubject<Int, Never>()
    let box = Box()
    let cancellable = subject.sink(
      receiveCompletion: { _ in box.finished = true }, receiveValue: { box.values.append($0) })
    subject.send(1)
    subject.send(2)
    subject.send(completion: .finished)
    subject.send(3)  // after the end: dropped
    #expect(box.values == [1, 2])
    #expect(box.finished)
    withExtendedLifetime(cancellable) {}
  }

  @Test func releasingTheCancellableEndsTheSubscription() {
    let subject = PassthroughSubject<Int, Never>()
    let box = Box()
    var cancellables = Set<AnyCancellable>()
    subject.sink { box.values.append($0) }.store(in: &cancellables)
    subject.send(1)
    cancellables.removeAll()
    subject.send(2)
    #expect(box.values == [1])
  }

  @Test func storeInACollection() {
    let subject = PassthroughSubject<Int, Never>()
    let box = Box()
    var cancellables: [AnyCancellable] = []
    subject.sink { box.values.append($0) }.store(in: &cancellables)
    subject.send(4)
    #expect(cancellables.count == 1 && box.values == [4])
    cancellables[0].cancel()
    subject.send(5)
    #expect(box.values == [4])
  }

  @Test func demandIsHonoured() {
    let subject = PassthroughSubject<Int, Never>()
    let box = Box()
    subject.receive(subscriber: Limited(box, limit: 2))
    for value in 1...5 { subject.send(value) }
    #expect(box.values == [1, 2])
  }

  @Test func currentValueSubjectReplaysItsValue() {
    let subject = CurrentValueSubject<Int, Never>(7)
    let box = Box()
    let cancellable = subject.sink { box.values.append($0) }
    subject.value = 8
    #expect(box.values == [7, 8])
    #expect(subject.value == 8)
    withExtendedLifetime(cancellable) {}
  }

  @Test func publishedPropertiesPublishTheirChanges() {
    final class Model {
      @Published var count = 0
    }
    let model = Model()
    let box = Box()
    let cancellable = model.$count.sink { box.values.append($0) }
    model.count = 1
    model.count = 2
    #expect(box.values == [0, 1, 2])
    #expect(model.count == 2)
    withExtendedLifetime(cancellable) {}
  }

  /// Combine publishes from `willSet`: a sink that reads the property sees the value before.
  @Test func publishedSendsBeforeItStoresTheNewValue() {
    final class Model {
      @Published var count = 0
    }
    let model = Model()
    let box = Box()
    let cancellable = model.$count.sink { _ in box.values.append(model.count) }
    model.count = 3
    model.count = 5
    #expect(box.values == [0, 0, 3])
    #expect(model.count == 5)
    withExtendedLifetime(cancellable) {}
  }

  @Test func aLateSubscriberToAFinishedSubjectIsToldAtOnce() {
    let subject = PassthroughSubject<Int, Never>()
    subject.send(completion: .finished)
    let box = Box()
    let cancellable = subject.sink(
      receiveCompletion: { _ in box.finished = true }, receiveValue: { box.values.append($0) })
    #expect(box.finished && box.values.isEmpty)
    withExtendedLifetime(cancellable) {}
  }
}
