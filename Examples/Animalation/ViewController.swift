// Chapter 9, "Property Animators": the Animalation app's view controller. The chapter changes
// the same functions step by step, so the controller is built for one step of the chapter
// (`Step`), and each step's code is its listing, verbatim:
// - `animateAnimalTo` is A2 (easeInOut), A3 (control points) or A4 with A5/A6 (the spring, with
//   initial velocity), with A15's printing completion;
// - the `.ended` case of `handleDragImage` is A7;
// - `handleTapOnImage` is A10 as A20 leaves it (the second animator's lines do nothing until it
//   exists), with A12 from the Stop step on; `handleProgressSliderChanged` is A11 with A21;
//   `handleStopButtonTapped` is A13 with A23 and A24;
// - `handleAnimateButtonTapped` is A14 from the reversing step on, with A19 and A22 at the
//   cross-fade step; the animal images are A16, the second animator A17, and
//   `animateRandomAnimalChange` A18 with the fix of A25 and A26.
// The views (a storyboard in the book), the `.began`/`.changed` cases of the drag and the
// random location are the starter project's, which the chapter does not show.
import ZoetropeUIKit

let animalImages = [
  #imageLiteral(resourceName: "bear"),
  #imageLiteral(resourceName: "frog"),
  #imageLiteral(resourceName: "wolf"),
  #imageLiteral(resourceName: "cat")
]

class ViewController: UIViewController {
  /// The step of the chapter the code is at.
  enum Step: Int, Comparable {
    case easeInOut, controlPoints, spring, fling, pauseAndScrub, stopAndFinish, reverse, crossFade

    static func < (a: Step, b: Step) -> Bool { a.rawValue < b.rawValue }
  }

  let step: Step
  var imageContainer: UIView!
  var animalImageView: UIImageView!
  var progressSlider: UISlider!
  var animateButton: UIButton!
  var stopButton: UIButton!
  var imageMoveAnimator: UIViewPropertyAnimator?
  var imageChangeAnimator: UIViewPropertyAnimator?
  var imageDragStartPosition: CGPoint?

  init(step: Step) {
    self.step = step
    super.init(nibName: nil, bundle: nil)
  }

  required init?(coder aDecoder: NSCoder) {
    fatalError("init(coder:) has not been implemented")
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    let toolbar = UIView(frame: CGRect(x: 0, y: 0, width: view.bounds.width, height: 64))
    toolbar.backgroundColor = .white
    view.addSubview(toolbar)
    animateButton = UIButton(type: .system)
    animateButton.frame = CGRect(x: view.bounds.midX - 80, y: 12, width: 160, height: 40)
    animateButton.setTitle("Animate", for: .normal)
    animateButton.titleLabel?.font = .boldSystemFont(ofSize: 22)
    animateButton.setTitleColor(UIColor(red: 30 / 255, green: 111 / 255, blue: 217 / 255, alpha: 1), for: .normal)
    animateButton.addAction(UIAction { [unowned self] _ in handleAnimateButtonTapped(animateButton) }, for: .touchUpInside)
    toolbar.addSubview(animateButton)

    imageContainer = UIView(frame: CGRect(x: 136, y: 316, width: 128, height: 128))
    animalImageView = UIImageView(frame: imageContainer.bounds)
    animalImageView.image = #imageLiteral(resourceName: "frog")
    imageContainer.addSubview(animalImageView)
    imageContainer.addGestureRecognizer(UITapGestureRecognizer(target: self, action: ViewController.handleTapOnImage(_:)))
    imageContainer.addGestureRecognizer(UIPanGestureRecognizer(target: self, action: ViewController.handleDragImage(_:)))
    view.addSubview(imageContainer)

    progressSlider = UISlider(frame: CGRect(x: view.bounds.midX - 320, y: 680, width: 640, height: 40))
    progressSlider.isHidden = true
    progressSlider.addAction(UIAction { [unowned self] _ in handleProgressSliderChanged(progressSlider) }, for: .valueChanged)
    view.addSubview(progressSlider)

    stopButton = UIButton(type: .system)
    stopButton.frame = CGRect(x: 840, y: 678, width: 120, height: 44)
    stopButton.setTitle("Stop", for: .normal)
    stopButton.titleLabel?.font = .boldSystemFont(ofSize: 20)
    stopButton.setTitleColor(.white, for: .normal)
    stopButton.backgroundColor = UIColor(red: 217 / 255, green: 83 / 255, blue: 79 / 255, alpha: 1)
    stopButton.layer.cornerRadius = 10
    stopButton.isHidden = true
    stopButton.addAction(UIAction { [unowned self] _ in handleStopButtonTapped(stopButton) }, for: .touchUpInside)
    view.addSubview(stopButton)
  }

  // MARK: - Moving the animal

  func animateAnimalToRandomLocation() {
    let x = CGFloat(arc4random_uniform(UInt32(view.bounds.width - 256))) + 128
    let y = CGFloat(arc4random_uniform(UInt32(view.bounds.height - 256))) + 128
    animateAnimalTo(location: CGPoint(x: x, y: y))
  }

  func animateAnimalTo(location: CGPoint,
                               initialVelocity: CGVector = .zero) {
    switch step {
    case .easeInOut:
      imageMoveAnimator = UIViewPropertyAnimator(
        duration: 3,
        curve: .easeInOut) {
          self.imageContainer.center = location
      }
      imageMoveAnimator?.startAnimation()
    case .controlPoints:
      let controlPoint1 = CGPoint(x: 0.2, y: 0.8) // B on the diagram
      let controlPoint2 = CGPoint(x: 0.4, y: 0.9) // C on the diagram
      imageMoveAnimator = UIViewPropertyAnimator(
        duration: 3,
        controlPoint1: controlPoint1,
        controlPoint2: controlPoint2) {
          self.imageContainer.center = location
      }
      imageMoveAnimator?.startAnimation()
    case .spring, .fling, .pauseAndScrub, .stopAndFinish, .reverse, .crossFade:
      //1
      let mass: CGFloat = 1.0
      let stiffness: CGFloat = 10.0
      //2
      let criticalDamping = 2 * sqrt(mass * stiffness)
      //3
      let damping = criticalDamping * 0.5
      //4
      let parameters = UISpringTimingParameters(
        mass: mass,
        stiffness: stiffness,
        damping: damping,
        initialVelocity: initialVelocity)
      //5
      imageMoveAnimator = UIViewPropertyAnimator(
        duration: 3,
        timingParameters: parameters)
      imageMoveAnimator?.addAnimations {
        self.imageContainer.center = location
      }
      imageMoveAnimator?.addCompletion { position in
        switch position {
        case .end: print("End")
        case .start: print("Start")
        case .current: print("Current")
        }
      }
      imageMoveAnimator?.startAnimation()
    }
  }

  // MARK: - Actions

  func handleAnimateButtonTapped(_ sender: UIButton) {
    switch step {
    case .reverse:
      if let imageMoveAnimator = imageMoveAnimator, imageMoveAnimator.isRunning {
        imageMoveAnimator.isReversed = !imageMoveAnimator.isReversed
      } else {
        animateAnimalToRandomLocation()
      }
    case .crossFade:
      if let imageMoveAnimator = imageMoveAnimator, imageMoveAnimator.isRunning {
        imageMoveAnimator.isReversed = !imageMoveAnimator.isReversed
        imageChangeAnimator?.isReversed = imageMoveAnimator.isReversed
      } else {
        animateAnimalToRandomLocation()
        animateRandomAnimalChange()
      }
    default:
      animateAnimalToRandomLocation()
    }
  }

  func animateRandomAnimalChange() {
    //1
    let randomIndex = Int(arc4random_uniform(UInt32(animalImages.count)))
    let randomImage = animalImages[randomIndex]
    //2
    let duration = imageMoveAnimator?.duration ?? 3.0

    let originalImage = animalImageView.image
    //3
    let snapshot = animalImageView.snapshotView(afterScreenUpdates: false)!
    imageContainer.addSubview(snapshot)
    animalImageView.alpha = 0
    animalImageView.image = randomImage

    //4
    imageChangeAnimator = UIViewPropertyAnimator(
        duration: duration,
        curve: .linear) {
          self.animalImageView.alpha = 1
          snapshot.alpha = 0
      }

    //5
    imageChangeAnimator?.addCompletion({ (position) in
      snapshot.removeFromSuperview()
      if position == .start {
        self.animalImageView.image = originalImage
        self.animalImageView.alpha = 1
      }
    })

    //6
    imageChangeAnimator?.startAnimation()
  }

  func handleTapOnImage(_ sender: UITapGestureRecognizer) {
    //1
    guard let imageMoveAnimator = imageMoveAnimator else {
      return
    }
    //2
    progressSlider.isHidden = true
    //3
    switch imageMoveAnimator.state {
    case .active:
      if imageMoveAnimator.isRunning {
        imageMoveAnimator.pauseAnimation()
        imageChangeAnimator?.pauseAnimation()
        progressSlider.isHidden = false
        progressSlider.value = Float(imageMoveAnimator.fractionComplete)
      } else {
        imageMoveAnimator.startAnimation()
        imageChangeAnimator?.startAnimation()
      }
    default:
      break
    }
    if step >= .stopAndFinish {
      stopButton.isHidden = progressSlider.isHidden
    }
  }

  func handleStopButtonTapped(_ sender: UIButton) {
    guard let imageMoveAnimator = imageMoveAnimator else {
      return
    }
    switch imageMoveAnimator.state {
    //1
    case .active:
      imageMoveAnimator.stopAnimation(false)
      imageChangeAnimator?.pauseAnimation()
    //2
    case .inactive:
      break
    //3
    case .stopped:
      imageMoveAnimator.finishAnimation(at: .current)
      if let imageChangeAnimator = imageChangeAnimator,
        let timing = imageChangeAnimator.timingParameters {
        imageChangeAnimator.continueAnimation(
          withTimingParameters: timing,
          durationFactor: 0.2)
      }
    }
  }

  func handleProgressSliderChanged(_ sender: UISlider) {
    imageMoveAnimator?.fractionComplete = CGFloat(sender.value)
    imageChangeAnimator?.fractionComplete = CGFloat(sender.value)
  }

  func handleDragImage(_ sender: UIPanGestureRecognizer) {
    switch sender.state {
    case .began:
      imageMoveAnimator?.stopAnimation(true)
      imageDragStartPosition = imageContainer.center
    case .changed:
      if let imageDragStartPosition = imageDragStartPosition {
        let translation = sender.translation(in: view)
        imageContainer.center = CGPoint(x: imageDragStartPosition.x + translation.x,
                                        y: imageDragStartPosition.y + translation.y)
      }
    case .ended:
      if let imageDragStartPosition = imageDragStartPosition {
        //1
        let animationVelocity = sender.velocity(in: view)
        //2
        let animationDistance = imageContainer.center.distance(toPoint: imageDragStartPosition)
        //3
        let normalisedVelocity = animationVelocity.normalise(weight: animationDistance)
        //4
        let initialVelocity = normalisedVelocity.toVector
        animateAnimalTo(
          location: imageDragStartPosition,
          initialVelocity: initialVelocity)
      }
      imageDragStartPosition = .none
    default:
      break
    }
  }
}

// The starter project's CGPoint helpers, which the chapter only chains. A spring's initial
// velocity is per component in UIKit, so the distance is too: each component of the velocity is
// divided by the distance still to go along it (its sign says the direction).
extension CGPoint {
  func distance(toPoint point: CGPoint) -> CGVector {
    CGVector(dx: point.x - x, dy: point.y - y)
  }

  func normalise(weight: CGVector) -> CGPoint {
    CGPoint(x: weight.dx == 0 ? 0 : x / weight.dx, y: weight.dy == 0 ? 0 : y / weight.dy)
  }

  var toVector: CGVector {
    CGVector(dx: x, dy: y)
  }
}
