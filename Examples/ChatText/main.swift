// A chat screen, filmed: bubbles sized by their labels (`numberOfLines = 0`, `sizeThatFits`)
// that grow as a message's text arrives (`UIView.animate`), an unread badge whose label sizes
// to fit its growing number (`sizeToFit`), and a ticket drawn from attributed text by
// `UIGraphicsImageRenderer` and shown in a `UIImageView`. Zoetrope's own example of UIKit text
// (#47), compared frame by frame with scenes/chat-text.yaml by `make test-seeds`.
//
//   swift run ChatText OUTPUT_FOLDER    (writes OUTPUT_FOLDER/chat-text/ and its recording, chat-text.json)
import ZoetropeUIKit

let output = CommandLine.arguments.dropFirst().first ?? "output"
let width: CGFloat = 390
let film = Film(size: CGSize(width: width, height: 640), framesPerSecond: 30, backgroundColor: .white)
film.name = "chat-text"

// MARK: - The navigation bar, with its unread badge

let bar = UIView(frame: CGRect(x: 0, y: 0, width: width, height: 64))
bar.backgroundColor = UIColor(red: 0.97, green: 0.97, blue: 0.97, alpha: 1)
bar.accessibilityIdentifier = "bar"
film.rootView.addSubview(bar)
let title = UILabel(frame: CGRect(x: 0, y: 22, width: width, height: 24))
title.font = .preferredFont(forTextStyle: .headline)
title.textAlignment = .center
title.text = "Ada Lovelace"
title.accessibilityIdentifier = "title"
bar.addSubview(title)
let back = UILabel(frame: CGRect(x: 12, y: 22, width: 0, height: 0))
back.font = .preferredFont(forTextStyle: .body)
back.textColor = .systemBlue
back.text = "‹ Chats"
back.sizeToFit()
back.accessibilityIdentifier = "back"
bar.addSubview(back)
let hairline = UIView(frame: CGRect(x: 0, y: 63.5, width: width, height: 0.5))
hairline.backgroundColor = UIColor(white: 0.78, alpha: 1)
hairline.accessibilityIdentifier = "hairline"
bar.addSubview(hairline)

/// The unread count: a red pill around a label that sizes to fit its number.
let badge = UIView(frame: CGRect(x: 0, y: 23, width: 22, height: 22))
badge.backgroundColor = .systemRed
badge.layer.cornerRadius = 11
badge.accessibilityIdentifier = "badge"
bar.addSubview(badge)
let count = UILabel(frame: .zero)
count.font = .monospacedDigitSystemFont(ofSize: 13, weight: .semibold)
count.textColor = .white
count.accessibilityIdentifier = "count"
badge.addSubview(count)

@MainActor func showUnread(_ number: Int, animated: Bool) {
    count.text = String(number)
    count.sizeToFit()
    let pill = max(22, count.bounds.width + 14)
    let layout = {
        badge.frame = CGRect(x: width - 16 - pill, y: 23, width: pill, height: 22)
        count.center = CGPoint(x: pill / 2, y: 11)
    }
    if animated { UIView.animate(withDuration: 0.25, animations: layout) } else { layout() }
}
showUnread(3, animated: false)

// MARK: - Bubbles

/// How wide a bubble's text may be, and the padding around it.
let textWidth: CGFloat = 236, padding = UIEdgeInsetsLike(horizontal: 12, vertical: 8)
var nextTop: CGFloat = 84

/// Padding inside a bubble (UIEdgeInsets is UIKit's; two numbers are all a bubble needs).
struct UIEdgeInsetsLike { var horizontal: CGFloat; var vertical: CGFloat }

/// A bubble: a rounded view holding a label of any lines, sized by what the label needs.
@MainActor final class Bubble {
    let view = UIView(frame: .zero)
    let label = UILabel(frame: .zero)
    let outgoing: Bool
    let top: CGFloat

    init(_ text: String, outgoing: Bool, id: String) {
        self.outgoing = outgoing
        top = nextTop
        view.accessibilityIdentifier = id
        view.backgroundColor = outgoing ? .systemBlue : UIColor(red: 233 / 255, green: 233 / 255, blue: 235 / 255, alpha: 1)
        view.layer.cornerRadius = 18
        label.accessibilityIdentifier = id + "Text"
        label.numberOfLines = 0
        label.font = .preferredFont(forTextStyle: .body)
        label.textColor = outgoing ? .white : .black
        label.text = text
        view.addSubview(label)
        view.clipsToBounds = true
        layout()
        layoutLabel()
        nextTop += view.bounds.height + 8
    }

    /// The bubble's frame for its label's text: at most `textWidth` wide, as tall as its lines.
    func layout() {
        view.frame = CGRect(x: outgoing ? width - 12 - bubbleSize.width : 12, y: top, width: bubbleSize.width, height: bubbleSize.height)
    }

    /// The label's frame in the bubble: set at once, so the growing bubble uncovers the text.
    func layoutLabel() {
        let fitted = label.sizeThatFits(CGSize(width: textWidth, height: .greatestFiniteMagnitude))
        label.frame = CGRect(x: padding.horizontal, y: (bubbleSize.height - fitted.height) / 2, width: fitted.width, height: fitted.height)
    }

    private var bubbleSize: CGSize {
        let fitted = label.sizeThatFits(CGSize(width: textWidth, height: .greatestFiniteMagnitude))
        return CGSize(width: fitted.width + 2 * padding.horizontal, height: max(fitted.height + 2 * padding.vertical, 36))
    }

    /// Shows the bubble: it fades in and rises into place.
    func appear() {
        view.alpha = 0
        view.transform = CGAffineTransform(translationX: 0, y: 16)
        film.rootView.addSubview(view)
        UIView.animate(withDuration: 0.3, delay: 0, options: .curveEaseOut) {
            self.view.alpha = 1
            self.view.transform = .identity
        }
    }

    /// More text arrives: the label takes it at once and the bubble grows to it.
    func type(_ text: String) {
        label.text = text
        layoutLabel()
        UIView.animate(withDuration: 0.35, delay: 0, options: .curveEaseInOut) { self.layout() }
    }
}

let question = Bubble("Are you still coming to the lecture tonight?", outgoing: false, id: "question")
film.at(0) { question.appear() }
let answer = Bubble("Yes!", outgoing: true, id: "answer")
film.at(0.5) { answer.appear() }
film.at(1.1) { answer.type("Yes! Leaving now, but the train is running a few minutes late.") }
film.at(1.6) { answer.type("Yes! Leaving now, but the train is running a few minutes late. Save me a seat near the front?") }
// The bubbles below the growing one are laid out for its final size.
nextTop = answer.top + 8 + {
    let probe = UILabel(frame: .zero)
    probe.numberOfLines = 0
    probe.font = .preferredFont(forTextStyle: .body)
    probe.text = "Yes! Leaving now, but the train is running a few minutes late. Save me a seat near the front?"
    return max(probe.sizeThatFits(CGSize(width: textWidth, height: .greatestFiniteMagnitude)).height + 2 * padding.vertical, 36)
}()

// "Delivered" under the answer: a label that sizes to fit, right-aligned with the bubble.
let stamp = UILabel(frame: .zero)
stamp.font = .preferredFont(forTextStyle: .caption1)
stamp.textColor = .gray
stamp.text = "Delivered"
stamp.sizeToFit()
stamp.accessibilityIdentifier = "stamp"
stamp.frame.origin = CGPoint(x: width - 16 - stamp.bounds.width, y: nextTop - 6)
nextTop += stamp.bounds.height
film.at(2.0) {
    stamp.alpha = 0
    film.rootView.addSubview(stamp)
    UIView.animate(withDuration: 0.3) { stamp.alpha = 1 }
}

for (time, number) in [(1.2, 9), (1.8, 12), (2.4, 128), (3.0, 1024)] {
    film.at(time) { showUnread(number, animated: true) }
}

// MARK: - A ticket drawn from attributed text

let ticketSize = CGSize(width: 220, height: 92)
let format = UIGraphicsImageRendererFormat()
format.scale = 1
let ticket = UIGraphicsImageRenderer(size: ticketSize, format: format).image { context in
    UIColor(red: 1, green: 0.97, blue: 0.88, alpha: 1).setFill()
    UIBezierPath(roundedRect: CGRect(origin: .zero, size: ticketSize), cornerRadius: 14).fill()
    UIColor.systemOrange.setFill()
    context.fill(CGRect(x: 10, y: 14, width: 3, height: ticketSize.height - 28))
    let paragraph = NSMutableParagraphStyle()
    paragraph.lineSpacing = 2
    let text = NSMutableAttributedString(string: "ADMIT ONE\n", attributes: [
        .font: UIFont.systemFont(ofSize: 11, weight: .bold), .kern: 1.5, .foregroundColor: UIColor.systemOrange, .paragraphStyle: paragraph,
    ])
    text.append(NSAttributedString(string: "Analytical Engines\n", attributes: [
        .font: UIFont(name: "Georgia-Bold", size: 18)!, .foregroundColor: UIColor.black,
    ]))
    text.append(NSAttributedString(string: "Royal Institution · 8:15 pm", attributes: [
        .font: UIFont.italicSystemFont(ofSize: 13), .foregroundColor: UIColor.darkGray,
    ]))
    text.draw(in: CGRect(x: 20, y: 12, width: ticketSize.width - 28, height: ticketSize.height - 20))
}
let ticketView = UIImageView(image: ticket)
ticketView.accessibilityIdentifier = "ticket"
ticketView.frame = CGRect(x: 12, y: nextTop, width: ticketSize.width, height: ticketSize.height)
nextTop += ticketSize.height + 8
film.at(2.2) {
    ticketView.alpha = 0
    ticketView.transform = CGAffineTransform(scaleX: 0.8, y: 0.8)
    film.rootView.addSubview(ticketView)
    UIView.animate(withDuration: 0.4, delay: 0, usingSpringWithDamping: 0.7, initialSpringVelocity: 0, options: []) {
        ticketView.alpha = 1
        ticketView.transform = .identity
    }
}

let reply = Bubble("Perfect. Front row, by the engine.", outgoing: false, id: "reply")
film.at(3.0) { reply.appear() }

film.advance(to: 3.6)
let frames = try film.writeFrames(to: output + "/" + film.name)
try film.writeScene(to: output + "/" + film.name + ".json")
print("\(film.name): \(frames.count) frames → \(output)/\(film.name)")
