// A mail-like list in a UITableViewController: subtitle cells with disclosure chevrons. A new
// message is inserted (it slides in from the right while the rows below move down), one is
// deleted (it fades while the rows below move up over it), then the reader flings the list
// up: it decelerates at UIKit's rate, runs past the end and bounces back. Compared frame by frame with
// scenes/table-rows.yaml by `make test`.
//
//   swift run Table OUTPUT_FOLDER    (writes OUTPUT_FOLDER/table-rows/ and its recording, table-rows.json)
import ZoetropeUIKit

/// One message of the list.
struct Message {
    let sender: String
    let subject: String
}

/// The inbox: a plain table of subtitle cells.
final class InboxViewController: UITableViewController {
    var messages: [Message] = [
        Message(sender: "Maria Lopez", subject: "Lunch on Friday?"),
        Message(sender: "Tom Becker", subject: "The slides for Monday"),
        Message(sender: "Aiko Tanaka", subject: "Photos from the trip"),
        Message(sender: "Sam Carter", subject: "Re: flat viewing at six"),
        Message(sender: "Priya Nair", subject: "Your parcel is on its way"),
        Message(sender: "Jonas Weber", subject: "Band practice moved"),
        Message(sender: "Lena Fischer", subject: "Book club: next title"),
        Message(sender: "Omar Haddad", subject: "Invoice #2043"),
        Message(sender: "Chloe Martin", subject: "Happy birthday!"),
        Message(sender: "Ravi Shah", subject: "Code review comments"),
        Message(sender: "Emma Wilson", subject: "Garden plans"),
        Message(sender: "Lucas Silva", subject: "Match tickets"),
        Message(sender: "Nora Berg", subject: "Re: recipe"),
        Message(sender: "Felix Wagner", subject: "Train times"),
        Message(sender: "Sofia Rossi", subject: "Weekend hike"),
        Message(sender: "Daniel Kim", subject: "Quarterly report"),
        Message(sender: "Hannah Scott", subject: "Thank you note"),
    ]

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.rowHeight = 60
        tableView.register(MessageCell.self, forCellReuseIdentifier: "message")
        // A large title, as a navigation bar shows one (16 pt from the left, 34 pt bold).
        let header = UIView(frame: CGRect(x: 0, y: 0, width: 360, height: 64))
        let title = UILabel(frame: CGRect(x: 16, y: 12, width: 328, height: 44))
        title.text = "Inbox"
        title.font = .systemFont(ofSize: 34, weight: .bold)
        header.addSubview(title)
        tableView.tableHeaderView = header
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        messages.count
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "message", for: indexPath)
        let message = messages[indexPath.row]
        cell.textLabel?.text = message.sender
        cell.detailTextLabel?.text = message.subject
        cell.accessoryType = .disclosureIndicator
        return cell
    }
}

/// A subtitle cell (registered classes are made with the default style, as in UIKit).
final class MessageCell: UITableViewCell {
    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: .subtitle, reuseIdentifier: reuseIdentifier)
    }

    required init?(coder aDecoder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }
}

let output = CommandLine.arguments.dropFirst().first ?? "output"
let film = Film(size: CGSize(width: 360, height: 640), framesPerSecond: 30, backgroundColor: .white)
film.name = "table-rows"

let inbox = InboxViewController(style: .plain)
film.show(inbox)
let table = inbox.tableView!

// A new message arrives at the top.
film.at(0.5) {
    inbox.messages.insert(Message(sender: "Alex Morgan", subject: "Are you coming tonight?"), at: 0)
    table.insertRows(at: [IndexPath(row: 0, section: 0)], with: .right)
}
// The third message is deleted.
film.at(1.3) {
    inbox.messages.remove(at: 2)
    table.deleteRows(at: [IndexPath(row: 2, section: 0)], with: .fade)
}
// The reader flings the list up: it decelerates, passes the end and bounces back.
film.pan(table.panGestureRecognizer, along: [CGPoint(x: 180, y: 520), CGPoint(x: 180, y: 420), CGPoint(x: 180, y: 250)],
         from: 2.1, to: 2.4)

film.advanceUntilIdle()
let frames = try film.writeFrames(to: output + "/" + film.name)
try film.writeScene(to: output + "/" + film.name + ".json")
print("\(film.name): \(frames.count) frames → \(output)/\(film.name); the list rests at y = \(table.contentOffset.y)")
