import ZoetropeUIKit

/// A sign-up form as an iOS developer writes it: Auto Layout, fields that slide in from the
/// sides in `viewDidAppear` by animating their constraints' constants (staggered springs), and
/// a button that shows a spinner while the account is "created".
final class SignUpViewController: UIViewController, UITextFieldDelegate {
    let headingLabel = UILabel()
    let nameField = UITextField()
    let emailField = UITextField()
    let passwordField = UITextField()
    let updatesLabel = UILabel()
    let updatesSwitch = UISwitch()
    let signUpButton = UIButton(type: .system)
    let spinner = UIActivityIndicatorView(style: .medium)
    let progressView = UIProgressView(progressViewStyle: .default)

    /// The horizontal offsets the rows slide in from: each row's centre-X constraint.
    private var slideConstraints: [NSLayoutConstraint] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground

        headingLabel.text = "Create account"
        headingLabel.font = .boldSystemFont(ofSize: 32)

        for (field, placeholder) in [(nameField, "Full name"), (emailField, "Email"), (passwordField, "Password")] {
            field.placeholder = placeholder
            field.borderStyle = .roundedRect
            field.font = .systemFont(ofSize: 17)
            field.delegate = self
        }
        nameField.autocapitalizationType = .words
        nameField.returnKeyType = .next
        emailField.keyboardType = .emailAddress
        emailField.autocapitalizationType = .none
        emailField.autocorrectionType = .no
        emailField.returnKeyType = .next
        passwordField.isSecureTextEntry = true
        passwordField.returnKeyType = .done

        updatesLabel.text = "Email me product updates"
        updatesLabel.font = .systemFont(ofSize: 17)

        signUpButton.setTitle("Sign Up", for: .normal)
        signUpButton.setTitleColor(.white, for: .normal)
        signUpButton.titleLabel?.font = .boldSystemFont(ofSize: 18)
        signUpButton.backgroundColor = .systemBlue
        signUpButton.layer.cornerRadius = 12
        signUpButton.addAction(UIAction { [weak self] _ in self?.signUp() }, for: .touchUpInside)

        spinner.color = .white
        progressView.progress = 0

        let rows: [UIView] = [headingLabel, nameField, emailField, passwordField, updatesLabel, signUpButton]
        for row in rows + [updatesSwitch, spinner, progressView] {
            row.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(row)
        }
        // Each row starts a screen's width off to one side, alternately.
        slideConstraints = rows.enumerated().map { index, row in
            row.centerXAnchor.constraint(equalTo: view.centerXAnchor, constant: index.isMultiple(of: 2) ? -400 : 400)
        }
        let guide = view.safeAreaLayoutGuide
        NSLayoutConstraint.activate(slideConstraints + [
            headingLabel.topAnchor.constraint(equalTo: guide.topAnchor, constant: 72),
            nameField.topAnchor.constraint(equalTo: headingLabel.bottomAnchor, constant: 32),
            emailField.topAnchor.constraint(equalTo: nameField.bottomAnchor, constant: 16),
            passwordField.topAnchor.constraint(equalTo: emailField.bottomAnchor, constant: 16),
            updatesLabel.topAnchor.constraint(equalTo: passwordField.bottomAnchor, constant: 28),
            signUpButton.topAnchor.constraint(equalTo: updatesLabel.bottomAnchor, constant: 36),
            signUpButton.heightAnchor.constraint(equalToConstant: 52),
            updatesSwitch.centerYAnchor.constraint(equalTo: updatesLabel.centerYAnchor),
            updatesSwitch.trailingAnchor.constraint(equalTo: passwordField.trailingAnchor),
            spinner.centerYAnchor.constraint(equalTo: signUpButton.centerYAnchor),
            spinner.centerXAnchor.constraint(equalTo: signUpButton.centerXAnchor),
            progressView.topAnchor.constraint(equalTo: signUpButton.bottomAnchor, constant: 24),
            progressView.leadingAnchor.constraint(equalTo: signUpButton.leadingAnchor),
            progressView.trailingAnchor.constraint(equalTo: signUpButton.trailingAnchor),
        ] + [nameField, emailField, passwordField, signUpButton, updatesLabel].map {
            $0.widthAnchor.constraint(equalTo: view.widthAnchor, constant: -48)
        })
        updatesSwitch.alpha = 0
        progressView.alpha = 0
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        // The rows slide in one after another.
        for (index, constraint) in slideConstraints.enumerated() {
            UIView.animate(withDuration: 0.7, delay: 0.1 + 0.08 * Double(index), usingSpringWithDamping: 0.72,
                           initialSpringVelocity: 0.4, options: [], animations: {
                constraint.constant = 0
                self.view.layoutIfNeeded()
            })
        }
        UIView.animate(withDuration: 0.3, delay: 0.9, options: [], animations: { self.updatesSwitch.alpha = 1 })
    }

    func textFieldShouldReturn(_ textField: UITextField) -> Bool {
        if textField === nameField {
            emailField.becomeFirstResponder()
        } else if textField === emailField {
            passwordField.becomeFirstResponder()
        } else {
            textField.resignFirstResponder()
        }
        return true
    }

    /// The button's action: the keyboard goes, the title gives way to a spinner, and a
    /// progress bar under the button fills as the account is made.
    private func signUp() {
        for field in [nameField, emailField, passwordField] { field.resignFirstResponder() }
        signUpButton.isEnabled = false
        UIView.animate(withDuration: 0.2, animations: {
            self.signUpButton.titleLabel?.alpha = 0
            self.signUpButton.backgroundColor = UIColor(red: 0, green: 0.38, blue: 0.85, alpha: 1)
            self.progressView.alpha = 1
        })
        spinner.startAnimating()
        progressView.setProgress(0.6, animated: true)
    }
}
