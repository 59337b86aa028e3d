import HeadlessUIKit
import Testing

/// `ObservableObject`, `@Published` in a class, `values`, `map` and `removeDuplicates()`, as
/// Combine has them (UIKit rules §5.5).
@Suite("ObservableObject and the operators screens use")
struct ObservableObjectTests {
  class Model: ObservableObject {
    @Published var name = "Ari"
    @Published var count = 0
  }

  final class SubModel: Model {
    @Published var extra = false
  }

  final class Log: @unchecked Sendable {
    var entries: [String] = []
  }

  @Test func objectWillChangeComesBeforeEachChangeAndThePropertysOwnValue() {
    let model = Model()
    let log = Log()
    let willChange = model.objectWillChange.sink {
      log.entries.append("will change: \(model.name)")
    }
    let names = model.$name.sink { log.entries.append("name \($0)") }
    model.name = "Bo"
    model.count = 1
    #expect(
      log.entries == [
        "name Ari", "will change: Ari", "name Bo", "will change: Bo",
      ])
    #expect(model.name == "Bo" && model.count == 1)
    willChange.cancel()
    names.cancel()
  }

  @Test func oneObjectHasOnePublisherForEveryPublishedPropertyInItsClassesAndSuperclasses() {
    let model = SubModel()
    let log = Log()
    let first = model.objectWillChange.sink { log.entries.append("first") }
    let second = model.objectWillChange.sink { log.entries.append("second") }
    model.extra = true
    model.name = "Cleo"
    #expect(log.entries == ["first", "second", "first", "second"])
    first.cancel()
    second.cancel()
  }

  @Test func valuesIsAnAsyncSequenceOfThePublishersValues() async {
    let subject = PassthroughSubject<Int, Never>()
    var values = subject.values.makeAsyncIterator()  // subscribes
    subject.send(1)
    subject.send(2)
    subject.send(completion: .finished)
    #expect(await values.next() == 1)
    #expect(await values.next() == 2)
    #expect(await values.next() == nil, "ends with the publisher")
  }

  @Test func mapAndRemoveDuplicatesTransformAndFilter() {
    let subject = CurrentValueSubject<Int, Never>(1)
    let log = Log()
    let cancellable = subject.map { "#\($0)" }.removeDuplicates().sink { log.entries.append($0) }
    subject.send(1)
    subject.send(2)
    subject.send(2)
    subject.send(3)
    #expect(log.entries == ["#1", "#2", "#3"])
    cancellable.cancel()
  }
}
