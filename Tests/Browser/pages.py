#!/usr/bin/python3
"""The report and viewer pages in a real headless Chromium (Debian's chromium + chromium-driver,
driven by selenium): loaded from file://, keys pressed, the slider moved, the frame shown and the
DOM read back, and screenshots compared pixel for pixel with the frames by `zoetrope diff`.

Usage: pages.py ZOETROPE [SCREENSHOTS_DIR]   (exit 0 when every check passes)
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

ZOETROPE = os.path.abspath(sys.argv[1])
SCREENSHOTS = os.path.abspath(sys.argv[2]) if len(sys.argv) > 2 else None

SCENE = """version: 1
canvas: { size: [160, 100], background: "#FFFFFF" }
render: { fps: 20, duration: 1.5 }
layers:
  - { id: box, shape: rect, position: [20, 50], size: [24, 24], fill: "#E53935" }
animators:
  - id: move
    duration: 1
    animations:
      - set: { box.position: [140, 50] }
script:
  - { at: 0.25, start: move }
  - { at: 0.6, pause: move }
  - { at: 0.8, start: move }
"""

failures = []


def check(condition, message):
    print(("ok   " if condition else "FAIL ") + message)
    if not condition:
        failures.append(message)


def run(*arguments, cwd, expect=0, env=None):
    result = subprocess.run([ZOETROPE, *arguments], cwd=cwd, capture_output=True, text=True,
                            env={**os.environ, "CI": "", **(env or {})})
    if result.returncode != expect:
        sys.exit(f"zoetrope {' '.join(arguments)} exited {result.returncode}, not {expect}:\n{result.stdout}{result.stderr}")
    return result


def same_pixels(screenshot, png, cwd):
    """True when zoetrope diff finds no differing pixel (threshold 0) between the two PNGs."""
    result = subprocess.run([ZOETROPE, "diff", png, screenshot, "--threshold", "0"], cwd=cwd, capture_output=True, text=True)
    if result.returncode != 0:
        print(result.stdout.strip(), result.stderr.strip())
    return result.returncode == 0


def browser():
    options = webdriver.ChromeOptions()
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--force-device-scale-factor=1", "--window-size=1280,1000", "--hide-scrollbars"]:
        options.add_argument(argument)
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    return webdriver.Chrome(service=Service(shutil.which("chromedriver") or "/usr/bin/chromedriver"), options=options)


def test_report(driver, project):
    # Goldens of frames 5 and 20, then a run where the box moves on a longer animator: frame 20 differs.
    run("test", "--frames", "5,20", "--update", "missing", "--progress", "none", cwd=project)
    run("test", "--set", "animators.move.duration=1.4", "--progress", "none", "--junit", "output/junit.xml", cwd=project, expect=1)
    report_folder = os.path.join(project, "output/test-report")
    data = json.load(open(os.path.join(report_folder, "report.json")))
    frames = {f["file"]: f for f in data["scenes"][0]["frames"]}
    driver.get("file://" + report_folder + "/index.html")
    check(driver.find_element(By.ID, "title").text == "1 of 2 frames failing", "report: the title counts the failing frames")
    rows = driver.find_elements(By.CSS_SELECTOR, "section.row")
    check([r.get_attribute("data-status") for r in rows] == ["failed", "passed"], "report: failures come first")
    passing = rows[1]
    check("compact" in passing.get_attribute("class").split() and passing.size["height"] < 220
          and passing.find_element(By.TAG_NAME, "img").get_attribute("naturalWidth") == "160",
          f"report: a passing frame is a small card of its frame ({passing.size['height']} px high), not a large one")
    check(rows[0].get_attribute("data-differing-pixels") == str(frames["frame_00020.png"]["differingPixels"]),
          "report: the differing-pixel count is report.json's")
    check(f"{frames['frame_00020.png']['differingPixels']} pixels differ" in rows[0].text, "report: the count is shown")
    accept = rows[0].find_element(By.CSS_SELECTOR, "code.accept").text
    check(accept == "zoetrope test --accept output/test-report --only slide/frame_00020.png", "report: the row's accept command: " + accept)
    check(driver.find_element(By.CSS_SELECTOR, "#accept-all code").text == "zoetrope test --accept output/test-report",
          "report: the accept-all command")
    check(len(rows[0].find_elements(By.CSS_SELECTOR, "figure > img")) == 3, "report: expected, actual and diff side by side")
    check(all(img.get_attribute("naturalWidth") == "160" for img in rows[0].find_elements(By.TAG_NAME, "img")),
          "report: every image loaded from file://")

    wipe = rows[0].find_element(By.CSS_SELECTOR, ".wipe")
    slider = rows[0].find_element(By.CSS_SELECTOR, "input.slider")
    shots = {}
    # Move the slider with the mouse: to the far left (all actual), then the far right (all expected).
    for name, offset in [("left", -slider.size["width"] // 2 - 5), ("right", slider.size["width"] // 2 + 5)]:
        ActionChains(driver).click_and_hold(slider).move_by_offset(offset, 0).release().perform()
        shots[name] = os.path.join(project, f"wipe-{name}.png")
        wipe.screenshot(shots[name])
    check(slider.get_attribute("value") == "100", "report: the slider moved to the right end")
    expected_png = os.path.join(report_folder, frames["frame_00020.png"]["expected"])
    actual_png = os.path.join(report_folder, frames["frame_00020.png"]["actual"])
    check(same_pixels(shots["left"], actual_png, project), "report: wiped to the left, the screenshot is the actual frame, pixel for pixel")
    check(same_pixels(shots["right"], expected_png, project), "report: wiped to the right, the screenshot is the expected frame")

    blink = rows[0].find_element(By.CSS_SELECTOR, "button.blink")
    blink.click()
    seen = set()
    for _ in range(12):
        seen.add(wipe.get_attribute("data-showing"))
        time.sleep(0.1)
    check(wipe.get_attribute("data-blinking") == "true" and seen == {"expected", "actual"}, "report: blinking alternates expected and actual")
    blink.click()
    check(wipe.get_attribute("data-blinking") == "false", "report: blinking stops")
    if SCREENSHOTS:
        driver.set_window_size(1100, 720)
        driver.save_screenshot(os.path.join(SCREENSHOTS, "report.png"))
        driver.set_window_size(1280, 1000)


def test_viewer(driver, project):
    run("view", "scenes/slide.yaml", cwd=project)
    folder = os.path.join(project, "output/slide")
    driver.get("file://" + folder + "/index.html")
    body = driver.find_element(By.TAG_NAME, "body")
    frame = driver.find_element(By.ID, "frame")
    position = driver.find_element(By.ID, "position")
    shown = lambda: int(body.get_attribute("data-frame"))
    check(shown() == 0 and position.text == "frame 0 / 30 · t = 0.000 s", "viewer: opens on frame 0: " + position.text)
    for _ in range(3):
        body.send_keys(Keys.ARROW_RIGHT)
    check(shown() == 3 and frame.get_attribute("src").endswith("/frame_00003.png"), "viewer: → steps a frame")
    body.send_keys(Keys.SHIFT, Keys.ARROW_RIGHT)
    check(shown() == 13, "viewer: Shift+→ steps ten")
    body.send_keys(Keys.ARROW_LEFT)
    check(shown() == 12, "viewer: ← steps back")
    body.send_keys(Keys.END)
    check(shown() == 30, "viewer: End goes to the last frame")
    body.send_keys(Keys.HOME)
    body.send_keys("]")
    check(shown() == 5, "viewer: ] goes to the next event (start move at 0.25 s = frame 5)")
    body.send_keys("]")
    check(shown() == 12, "viewer: and the next (pause move at 0.6 s = frame 12)")
    body.send_keys("[")
    check(shown() == 5, "viewer: [ goes back an event")

    # The frame shown is the PNG, pixel for pixel.
    body.send_keys(Keys.ARROW_RIGHT, Keys.ARROW_RIGHT)
    shot = os.path.join(project, "viewer-frame.png")
    frame.screenshot(shot)
    check(same_pixels(shot, os.path.join(folder, "frame_00007.png"), project), "viewer: the screenshot of frame 7 is frame_00007.png")

    scrubber = driver.find_element(By.ID, "scrubber")
    ActionChains(driver).click_and_hold(scrubber).move_by_offset(scrubber.size["width"] // 2 + 5, 0).release().perform()
    check(shown() == 30 and scrubber.get_attribute("value") == "30", "viewer: dragging the scrubber to its end shows the last frame")

    Select(driver.find_element(By.ID, "onion-count")).select_by_value("2")
    check(len(driver.find_elements(By.CSS_SELECTOR, "#onion img")) == 2, "viewer: onion skin shows the 2 previous frames")
    Select(driver.find_element(By.ID, "onion-count")).select_by_value("0")

    lanes = driver.find_elements(By.CSS_SELECTOR, ".track[data-lane='move'][data-track='state'] .segment")
    check([s.text for s in lanes] == ["inactive", "active", "inactive"], "viewer: move's state band (inactive again once it ends at 1.45 s): " + str([s.text for s in lanes]))
    running = [s.text for s in driver.find_elements(By.CSS_SELECTOR, ".track[data-lane='move'][data-track='isRunning'] .segment")]
    check(running == ["not running", "running", "not running", "running", "not running"], "viewer: isRunning shows the pause: " + str(running))
    fraction = ".track[data-lane='move'][data-track='fractionComplete'] polyline"
    kinds = [line.get_attribute("class") for line in driver.find_elements(By.CSS_SELECTOR, fraction)]
    check(kinds == ["fraction"], "viewer: fractionComplete is one line while it never reverses (no separate playhead): " + str(kinds))
    labels = [e.text for e in driver.find_elements(By.CSS_SELECTOR, "#events .event")]
    check(labels == ["start move", "pause move", "start move"], "viewer: the script's events are labelled: " + str(labels))
    driver.find_elements(By.CSS_SELECTOR, "#events .event")[1].click()
    check(shown() == 12, "viewer: clicking an event's label goes to it")

    # A frame removed under the page (another render into the folder) is said, not shown broken.
    moved = os.path.join(folder, "frame_00003.png")
    os.rename(moved, moved + ".away")
    driver.refresh()
    body = driver.find_element(By.TAG_NAME, "body")
    body.send_keys(Keys.HOME, Keys.ARROW_RIGHT, Keys.ARROW_RIGHT, Keys.ARROW_RIGHT)
    note = wait(lambda: body.get_attribute("data-stale") == "true" and driver.find_element(By.ID, "note").text)
    check(note is not None and "frame_00003.png is not there: the frames changed after this page was written" in note,
          "viewer: a frame gone from under the page is said: " + str(note))
    os.rename(moved + ".away", moved)
    driver.refresh()
    body = driver.find_element(By.TAG_NAME, "body")

    Select(driver.find_element(By.ID, "speed")).select_by_value("2")
    loop = driver.find_element(By.ID, "loop")
    if loop.is_selected():
        loop.click()
    body.send_keys(Keys.HOME)
    body.send_keys(" ")
    check(body.get_attribute("data-playing") == "true", "viewer: space plays")
    time.sleep(1.2)  # at 2×, 20 fps: the 31 frames take 0.75 s; without loop it stops at the end
    check(shown() == 30 and body.get_attribute("data-playing") == "false", "viewer: playing at 2× without loop stops on the last frame")
    if SCREENSHOTS:
        run("view", "scenes/frog-pause-scrub.yaml", cwd=REPO)
        driver.set_window_size(1100, 900)
        driver.get("file://" + os.path.join(REPO, "output/frog-pause-scrub/index.html"))
        for _ in range(3):
            driver.find_element(By.TAG_NAME, "body").send_keys("]")
        driver.save_screenshot(os.path.join(SCREENSHOTS, "viewer.png"))


def wait(predicate, seconds=5.0):
    """predicate()'s first truthy value within `seconds`, else None."""
    end = time.time() + seconds
    while time.time() < end:
        try:
            value = predicate()
        except Exception:
            value = None
        if value:
            return value
        time.sleep(0.02)
    return None


PIXEL = """
const img = document.getElementById('frame');
if (!img || !img.complete || !img.naturalWidth) return null;
const canvas = Object.assign(document.createElement('canvas'), { width: img.naturalWidth, height: img.naturalHeight });
const context = canvas.getContext('2d');
context.drawImage(img, 0, 0);
return Array.from(context.getImageData(2, 2, 1, 1).data).slice(0, 3);
"""


def test_preview(driver, project):
    """zoetrope preview: edit the file, see the new pixels at the same frame; break it, see the
    error with its path; mend it, see the frames again."""
    scene = os.path.join(project, "scenes/live.yaml")
    open(scene, "w").write(SCENE)
    server = subprocess.Popen([ZOETROPE, "preview", "scenes/live.yaml", "--port", "0"], cwd=project,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = server.stdout.readline()
        match = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        check(match is not None, "preview: prints its address on 127.0.0.1: " + line.strip())
        if match is None:
            return
        driver.get(match.group(0))
        body = driver.find_element(By.TAG_NAME, "body")
        body.send_keys(Keys.HOME)
        body.send_keys(Keys.SHIFT, Keys.ARROW_RIGHT)
        body.send_keys(Keys.SHIFT, Keys.ARROW_RIGHT)
        check(wait(lambda: driver.execute_script(PIXEL) == [255, 255, 255]) is not None and body.get_attribute("data-frame") == "20",
              "preview: frame 20 on a white canvas")
        started = time.time()
        open(scene, "w").write(SCENE.replace('background: "#FFFFFF"', 'background: "#00FF00"'))
        green = wait(lambda: driver.execute_script(PIXEL) == [0, 255, 0])
        latency = time.time() - started
        body = driver.find_element(By.TAG_NAME, "body")
        check(green is not None and body.get_attribute("data-frame") == "20",
              f"preview: a save shows the new pixels at the same frame (20), {latency:.2f} s after it")
        # Measured, not asserted (a loaded CI machine is slower): the goal is within a second.
        print(f"measured: a save of scenes/live.yaml showed in the page {latency:.2f} s later (goal: within 1 s)")
        open(scene, "w").write(SCENE.replace("position: [20, 50], size", "position: [20, 50], opacity: 7, size"))
        problems = wait(lambda: driver.find_element(By.ID, "problems").text)
        check(problems is not None and "scenes/live.yaml: layers[box].opacity: must be within 0...1 (found 7)" in problems,
              "preview: a broken scene shows its problem with its path: " + str(problems))
        open(scene, "w").write(SCENE)
        back = wait(lambda: driver.execute_script(PIXEL) == [255, 255, 255])
        check(back is not None and driver.find_element(By.TAG_NAME, "body").get_attribute("data-frame") == "20",
              "preview: mended, the frames are back at the same frame")
    finally:
        server.terminate()
        server.wait(timeout=10)


REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
project = tempfile.mkdtemp(prefix="zoetrope-browser-")
try:
    os.makedirs(os.path.join(project, "scenes"))
    open(os.path.join(project, "scenes/slide.yaml"), "w").write(SCENE)
    if SCREENSHOTS:
        os.makedirs(SCREENSHOTS, exist_ok=True)
    driver = browser()
    try:
        test_report(driver, project)
        test_viewer(driver, project)
        test_preview(driver, project)
    finally:
        driver.quit()
finally:
    shutil.rmtree(project, ignore_errors=True)
print(f"{len(failures)} of the browser checks failed" if failures else "every browser check passed")
sys.exit(1 if failures else 0)
