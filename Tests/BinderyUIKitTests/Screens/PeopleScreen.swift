// A list screen as an iOS app writes it — a view controller, an ObservableObject view model
// with @Published lists, a cell subclass laid out with anchors, a detail screen pushed on
// selection and an editor presented modally — with nothing changed for HeadlessUIKit but the
// imports. PeopleScreenTests drives it on Linux; .ci/ios-check compiles this same file
// against Apple's iPhoneOS SDK.
import BinderyUIKit

#if canImport(UIKit)
  import Combine
  import UIKit
#else
  import HeadlessUIKit
#endif

struct Person: Identifiable, Equatable, Sendable {
  let id: Int
  var name: String
  var bio: String
  var isFavorite = false
}

/// Where the people come from: a server, in an app.
protocol PeopleService: Sendable {
  func people() async throws -> [Person]
}

@MainActor
final class PeopleViewModel: ObservableObject {
  @Published private(set) var people: [Person] = []
  @Published private(set) var isLoading = false
  @Published private(set) var lastError: String?
  private let service: any PeopleService

  init(service: any PeopleService) {
    self.service = service
  }

  func reload() async {
    isLoading = true
    defer { isLoading = false }
    do {
      people = try await service.people()
      lastError = nil
    } catch {
      lastError = "\(error)"
    }
  }

  func toggleFavorite(_ person: Person) {
    guard let index = people.firstIndex(where: { $0.id == person.id }) else { return }
    people[index].isFavorite.toggle()
  }

  func rename(_ person: Person, to name: String) {
    guard let index = people.firstIndex(where: { $0.id == person.id }) else { return }
    people[index].name = name
  }
}

final class PersonCell: UITableViewCell {
  static let reuseIdentifier = "person"

  let nameLabel = UILabel()
  let bioLabel = UILabel()
  let avatarView = UIImageView()

  override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
    super.init(style: style, reuseIdentifier: reuseIdentifier)
    nameLabel.font = .preferredFont(forTextStyle: .headline)
    nameLabel.adjustsFontForContentSizeCategory = true
    bioLabel.font = .preferredFont(forTextStyle: .subheadline)
    bioLabel.textColor = .secondaryLabel
    bioLabel.numberOfLines = 0
    avatarView.contentMode = .scaleAspectFill
    avatarView.layer.cornerRadius = 20
    avatarView.clipsToBounds = true
    for view in [nameLabel, bioLabel, avatarView] {
      view.translatesAutoresizingMaskIntoConstraints = false
      contentView.addSubview(view)
    }
    let margins = contentView.layoutMarginsGuide
    NSLayoutConstraint.activate([
      avatarView.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
      avatarView.topAnchor.constraint(equalTo: margins.topAnchor),
      avatarView.widthAnchor.constraint(equalToConstant: 40),
      avatarView.heightAnchor.constraint(equalTo: avatarView.widthAnchor),
      nameLabel.leadingAnchor.constraint(
        equalToSystemSpacingAfter: avatarView.trailingAnchor, multiplier: 1),
      nameLabel.trailingAnchor.constraint(equalTo: margins.trailingAnchor),
      nameLabel.topAnchor.constraint(equalTo: margins.topAnchor),
      bioLabel.leadingAnchor.constraint(equalTo: nameLabel.leadingAnchor),
      bioLabel.trailingAnchor.constraint(equalTo: nameLabel.trailingAnchor),
      bioLabel.topAnchor.constraint(
        equalToSystemSpacingBelow: nameLabel.bottomAnchor, multiplier: 0.5),
      bioLabel.bottomAnchor.constraint(lessThanOrEqualTo: margins.bottomAnchor),
    ])
  }

  required init?(coder: NSCoder) {
    return nil
  }

  override func prepareForReuse() {
    super.prepareForReuse()
    avatarView.image = nil
  }

  func configure(with person: Person) {
    nameLabel.text = person.isFavorite ? "★ \(person.name)" : person.name
    bioLabel.text = person.bio
    avatarView.image = UIImage(systemName: "person.crop.circle")
    accessoryType = .disclosureIndicator
  }
}

final class PeopleViewController: UIViewController, UITableViewDelegate {
  private let viewModel: PeopleViewModel
  let tableView = UITableView(frame: .zero, style: .plain)
  private(set) var binding: ListBinding<FlatSection, Person>?
  private var loadingState: Task<Void, Never>?
  private(set) var appearances: [String] = []

  init(viewModel: PeopleViewModel) {
    self.viewModel = viewModel
    super.init(nibName: nil, bundle: nil)
  }

  required init?(coder: NSCoder) {
    return nil
  }

  deinit {
    loadingState?.cancel()
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    title = "People"
    view.backgroundColor = .systemBackground
    tableView.frame = view.bounds
    tableView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    tableView.register(PersonCell.self, forCellReuseIdentifier: PersonCell.reuseIdentifier)
    tableView.delegate = self
    view.addSubview(tableView)

    let refresh = UIAction(title: "Refresh") { [weak self] _ in self?.reload() }
    navigationItem.rightBarButtonItem = UIBarButtonItem(
      systemItem: .refresh, primaryAction: refresh)

    binding = tableView.bind(to: .publisher(viewModel.$people)) { tableView, indexPath, person in
      let cell = tableView.dequeueReusableCell(
        withIdentifier: PersonCell.reuseIdentifier, for: indexPath)
      (cell as? PersonCell)?.configure(with: person)
      return cell
    }

    let viewModel = self.viewModel
    loadingState = Task { [weak self] in
      for await isLoading in viewModel.$isLoading.values {
        self?.navigationItem.rightBarButtonItem?.isEnabled = !isLoading
      }
    }
  }

  override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    appearances.append("will appear")
    if let selected = tableView.indexPathForSelectedRow {
      tableView.deselectRow(at: selected, animated: animated)
    }
  }

  override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    appearances.append("did appear")
  }

  override func viewWillDisappear(_ animated: Bool) {
    super.viewWillDisappear(animated)
    appearances.append("will disappear")
  }

  override func viewDidDisappear(_ animated: Bool) {
    super.viewDidDisappear(animated)
    appearances.append("did disappear")
  }

  func reload() {
    let viewModel = self.viewModel
    Task { await viewModel.reload() }
  }

  func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
    guard let person = binding?.item(at: indexPath) else { return }
    let detail = PersonDetailViewController(person: person, viewModel: viewModel)
    navigationController?.pushViewController(detail, animated: true)
  }
}

final class PersonDetailViewController: UIViewController {
  let person: Person
  private let viewModel: PeopleViewModel
  let bioLabel = UILabel()
  let favoriteButton = UIButton(configuration: .filled())

  init(person: Person, viewModel: PeopleViewModel) {
    self.person = person
    self.viewModel = viewModel
    super.init(nibName: nil, bundle: nil)
  }

  required init?(coder: NSCoder) {
    return nil
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    title = person.name
    view.backgroundColor = .systemBackground
    bioLabel.text = person.bio
    bioLabel.numberOfLines = 0
    bioLabel.textAlignment = .center
    favoriteButton.setTitle("Favorite", for: .normal)
    favoriteButton.addAction(
      UIAction { [weak self] _ in
        guard let self else { return }
        self.viewModel.toggleFavorite(self.person)
      }, for: .touchUpInside)
    for subview in [bioLabel, favoriteButton] {
      subview.translatesAutoresizingMaskIntoConstraints = false
      view.addSubview(subview)
    }
    NSLayoutConstraint.activate([
      bioLabel.leadingAnchor.constraint(equalTo: view.readableContentGuide.leadingAnchor),
      bioLabel.trailingAnchor.constraint(equalTo: view.readableContentGuide.trailingAnchor),
      bioLabel.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 20),
      favoriteButton.centerXAnchor.constraint(equalTo: view.centerXAnchor),
      favoriteButton.topAnchor.constraint(equalTo: bioLabel.bottomAnchor, constant: 20),
    ])
    let edit = UIAction(title: "Edit") { [weak self] _ in self?.edit() }
    navigationItem.rightBarButtonItem = UIBarButtonItem(systemItem: .edit, primaryAction: edit)
  }

  func edit() {
    let editor = RenameViewController(person: person, viewModel: viewModel)
    let navigation = UINavigationController(rootViewController: editor)
    navigation.modalPresentationStyle = .fullScreen
    present(navigation, animated: true)
  }
}

final class RenameViewController: UIViewController {
  private let person: Person
  private let viewModel: PeopleViewModel
  var proposedName: String

  init(person: Person, viewModel: PeopleViewModel) {
    self.person = person
    self.viewModel = viewModel
    proposedName = person.name
    super.init(nibName: nil, bundle: nil)
  }

  required init?(coder: NSCoder) {
    return nil
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    title = "Rename"
    let save = UIAction(title: "Save") { [weak self] _ in self?.save() }
    navigationItem.rightBarButtonItem = UIBarButtonItem(systemItem: .save, primaryAction: save)
  }

  func save() {
    viewModel.rename(person, to: proposedName)
    dismiss(animated: true)
  }
}
