/// The viewer's `index.html`: one file that works from `file://`, the frames loaded as images
/// beside it and the scene's data inlined.
///
/// Keys: ←/→ step a frame (with Shift, ten), space plays and pauses, Home/End go to the ends,
/// [ and ] go to the previous and next event. The band under the scrubber shows the events and
/// each animator's, group's and timeline's state, isRunning, isReversed and fractionComplete (the
/// playhead dashed beside it where it differs);
/// clicking it (or an event's label) goes there.
struct FrameViewerPage {
    /// The model as JSON.
    var model: [UInt8]

    func html(title: String) -> String {
        let data = Markup.inScript(String(decoding: model, as: UTF8.self))
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <title>\(Markup.escaped(title)) · zoetrope view</title>
            <style>\(Self.style)</style>
            </head>
            <body>
            <h1 id="title"></h1>
            <div id="stage"><div id="onion"></div><img id="frame" alt="frame"></div>
            <div id="controls">
            <button type="button" id="play">Play</button>
            <button type="button" id="back" title="previous frame (←)">◀︎</button>
            <button type="button" id="forward" title="next frame (→)">▶︎</button>
            <input type="range" id="scrubber" min="0" value="0">
            <span id="position"></span>
            <label>speed <select id="speed">
            <option value="0.1">0.1×</option><option value="0.25">0.25×</option><option value="0.5">0.5×</option>
            <option value="1" selected>1×</option><option value="1.5">1.5×</option><option value="2">2×</option>
            </select></label>
            <label><input type="checkbox" id="loop" checked> loop</label>
            <label>onion skin <select id="onion-count">
            <option value="0" selected>off</option><option value="1">1</option><option value="2">2</option>
            <option value="3">3</option><option value="5">5</option>
            </select></label>
            </div>
            <p id="note"></p>
            <div id="band"><div id="events"></div><div id="lanes"></div><div id="cursor"></div></div>
            <script type="application/json" id="viewer-data">\(data)</script>
            <script>\(Self.script)</script>
            </body>
            </html>

            """
    }

    static let style = """
        body { font: 13px/1.4 system-ui, sans-serif; margin: 16px 24px; color: #1d1d1f; background: #fafafa; }
        h1 { font-size: 18px; margin: 0 0 8px; }
        #stage { position: relative; display: inline-block; border: 1px solid #ccc; background: repeating-conic-gradient(#eee 0 25%, #fff 0 50%) 0 0 / 16px 16px; }
        #stage img { display: block; max-width: 960px; max-height: 60vh; width: auto; height: auto; }
        #onion img { position: absolute; left: 0; top: 0; width: 100%; pointer-events: none; }
        #frame { position: relative; }
        #onion + #frame { opacity: 1; }
        body.onion #frame { opacity: 0.85; }
        #controls { display: flex; gap: 8px; align-items: center; margin: 8px 0; flex-wrap: wrap; }
        #scrubber { flex: 1; min-width: 240px; }
        #position { font-variant-numeric: tabular-nums; min-width: 190px; }
        #note { color: #8d6e00; }
        #band { position: relative; margin-left: 160px; cursor: pointer; }
        #events { position: relative; height: 18px; }
        .event { position: absolute; top: 0; font-size: 11px; white-space: nowrap; border-left: 1px solid #c62828; padding-left: 2px; color: #c62828; }
        .lane-title { position: absolute; left: -160px; width: 150px; font-weight: 600; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
        .lane { position: relative; margin-top: 6px; }
        .track { position: relative; height: 14px; margin-bottom: 1px; background: #f2f2f2; }
        .track .name { position: absolute; left: -80px; width: 76px; text-align: right; font-size: 10px; color: #666; }
        .segment { position: absolute; top: 0; height: 14px; font-size: 10px; overflow: hidden; white-space: nowrap; box-sizing: border-box; border-right: 1px solid #fff; padding-left: 2px; }
        .track svg { position: absolute; left: 0; top: 0; width: 100%; height: 14px; }
        #cursor { position: absolute; top: 0; bottom: 0; width: 2px; background: #1565c0; pointer-events: none; }
        .event-line { position: absolute; top: 18px; bottom: 0; width: 1px; background: rgba(198, 40, 40, 0.35); pointer-events: none; }
        """

    static let script = """
        (function () {
          const model = JSON.parse(document.getElementById('viewer-data').textContent);
          const count = model.frameCount;
          // Frame N's file: listed beside the frames, or (a live preview) asked of the server by
          // its number, so the page does not grow with the frame count.
          const fileOf = index => {
            if (index < 0 || index >= count) return null;
            if (model.frames) return model.frames[index];
            const url = model.frameURL;
            return url.prefix + String(index).padStart(url.digits, '0') + url.suffix;
          };
          const $ = id => document.getElementById(id);
          const image = $('frame'), scrubber = $('scrubber'), onion = $('onion');
          let current = 0, playing = false, last = null, carried = 0;
          document.title = model.scene + ' · zoetrope view';
          $('title').textContent = model.scene + ' · ' + count + ' frames at ' + model.fps + ' fps · ' + model.size[0] + '×' + model.size[1];
          if (model.note) $('note').textContent = model.note;
          scrubber.max = Math.max(count - 1, 0);
          // Preload, so playing does not wait for each file (a live preview's server draws the
          // frame on screen first and the others behind it, so the page asks for them as shown).
          const images = model.frames
            ? model.frames.map(file => { if (!file) return null; const i = new Image(); i.src = file; return i; }) : [];
          const timeOf = index => index / model.fps;
          const percent = time => (model.duration > 0 ? 100 * time / model.duration : 0) + '%';

          image.addEventListener('error', () => {
            const failed = image.getAttribute('src');
            if (!failed) return;
            // A live preview answers 503 while the frame waits for a drawing worker (or the
            // scene changed under it): asked again a second later, if it is still the one shown.
            if (!model.frames) {
              setTimeout(() => { if (image.getAttribute('src') === failed) image.src = fileOf(current) + '&retry=' + Date.now(); }, 1000);
              return;
            }
            // A frame beside the page that fails to load was removed or replaced after the page
            // was written (by another render into the folder): say so, not a broken image.
            document.body.dataset.stale = 'true';
            $('note').textContent = image.getAttribute('src') + ' is not there: the frames changed after this page was written. zoetrope view writes it again for the frames there now.';
          });
          function show(index) {
            current = Math.min(Math.max(index, 0), count - 1);
            const file = fileOf(current);
            image.src = file || '';
            image.alt = file ? file : 'frame ' + current + ' is missing from this folder';
            scrubber.value = current;
            $('position').textContent = 'frame ' + current + ' / ' + (count - 1) + ' · t = ' + timeOf(current).toFixed(3) + ' s' + (file ? '' : ' (missing)');
            $('cursor').style.left = percent(timeOf(current));
            document.body.dataset.frame = current;
            drawOnion();
          }

          function drawOnion() {
            const depth = Number($('onion-count').value);
            onion.replaceChildren();
            document.body.classList.toggle('onion', depth > 0);
            for (let back = depth; back >= 1; back--) {
              const file = fileOf(current - back);
              if (!file) continue;
              const ghost = Object.assign(document.createElement('img'), { src: file, alt: '' });
              ghost.style.opacity = (0.45 * (depth - back + 1) / (depth + 1)).toFixed(3);
              onion.append(ghost);
            }
          }

          function setPlaying(on) {
            playing = on && count > 1;
            $('play').textContent = playing ? 'Pause' : 'Play';
            document.body.dataset.playing = playing;
            last = null;
            carried = 0;
            if (playing) requestAnimationFrame(tick);
          }

          function tick(now) {
            if (!playing) return;
            if (last !== null) {
              carried += (now - last) / 1000 * model.fps * Number($('speed').value);
              const steps = Math.floor(carried);
              carried -= steps;
              if (steps > 0) {
                let next = current + steps;
                if (next >= count) {
                  if ($('loop').checked) next %= count; else { show(count - 1); setPlaying(false); return; }
                }
                show(next);
              }
            }
            last = now;
            requestAnimationFrame(tick);
          }

          const eventFrame = event => Math.min(count - 1, Math.ceil(event.time * model.fps - 1e-9));
          function jumpEvent(direction) {
            const frames = model.events.map(eventFrame).filter(f => direction > 0 ? f > current : f < current);
            if (frames.length) show(direction > 0 ? Math.min(...frames) : Math.max(...frames));
          }

          $('play').addEventListener('click', () => setPlaying(!playing));
          $('back').addEventListener('click', () => { setPlaying(false); show(current - 1); });
          $('forward').addEventListener('click', () => { setPlaying(false); show(current + 1); });
          scrubber.addEventListener('input', () => { setPlaying(false); show(Number(scrubber.value)); });
          $('onion-count').addEventListener('change', drawOnion);
          document.addEventListener('keydown', event => {
            if (event.target instanceof HTMLSelectElement) return;
            const step = event.shiftKey ? 10 : 1;
            const actions = {
              ArrowLeft: () => show(current - step), ArrowRight: () => show(current + step),
              Home: () => show(0), End: () => show(count - 1),
              '[': () => jumpEvent(-1), ']': () => jumpEvent(1),
              ' ': () => setPlaying(!playing)
            };
            const action = actions[event.key];
            if (!action) return;
            event.preventDefault();
            if (event.key !== ' ') setPlaying(false);
            action();
          });

          // The band: events, then a lane per animator, group and timeline.
          const band = $('band');
          band.addEventListener('click', event => {
            const box = band.getBoundingClientRect();
            const x = Math.min(Math.max(event.clientX - box.left, 0), box.width);
            setPlaying(false);
            show(Math.round(x / box.width * model.duration * model.fps));
          });
          for (const event of model.events) {
            const label = Object.assign(document.createElement('span'), { className: 'event', textContent: event.label, title: event.label + ' at ' + event.time + ' s' });
            label.style.left = percent(event.time);
            label.addEventListener('click', e => { e.stopPropagation(); setPlaying(false); show(eventFrame(event)); });
            $('events').append(label);
            const line = Object.assign(document.createElement('div'), { className: 'event-line' });
            line.style.left = percent(event.time);
            band.append(line);
          }
          // Labels of nearby events go on rows of their own, so none covers another.
          const rowEnds = [];
          for (const label of $('events').children) {
            const left = label.offsetLeft, width = label.offsetWidth;
            let row = rowEnds.findIndex(end => end + 4 <= left);
            if (row < 0) { row = rowEnds.length; rowEnds.push(0); }
            rowEnds[row] = left + width;
            label.style.top = (row * 14) + 'px';
          }
          $('events').style.height = (Math.max(rowEnds.length, 1) * 14 + 4) + 'px';
          for (const line of band.querySelectorAll('.event-line')) line.style.top = $('events').style.height;
          for (const lane of model.lanes) {
            const box = Object.assign(document.createElement('div'), { className: 'lane' });
            box.append(Object.assign(document.createElement('div'), { className: 'lane-title', textContent: lane.title }));
            for (const track of lane.tracks) {
              const row = Object.assign(document.createElement('div'), { className: 'track' });
              row.dataset.lane = lane.title;
              row.dataset.track = track.name;
              row.append(Object.assign(document.createElement('span'), { className: 'name', textContent: track.name }));
              for (const segment of track.segments) {
                const piece = Object.assign(document.createElement('div'), { className: 'segment', textContent: segment.text, title: lane.title + ' ' + track.name + ': ' + segment.text + ' from ' + segment.start.toFixed(3) + ' s to ' + segment.end.toFixed(3) + ' s' });
                piece.style.left = percent(segment.start);
                piece.style.width = 'calc(' + percent(segment.end - segment.start) + ')';
                piece.style.background = '#' + segment.fill.slice(1, 7);
                piece.dataset.start = segment.start;
                piece.dataset.end = segment.end;
                row.append(piece);
              }
              if (track.curve.length) {
                // fractionComplete as sample reports it; the playhead, dashed, where it differs.
                const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
                svg.setAttribute('viewBox', '0 0 1000 14');
                svg.setAttribute('preserveAspectRatio', 'none');
                for (const [points, kind, stroke] of [[track.curve, 'fraction', '#1565c0'], [track.playhead || [], 'playhead', '#888888']]) {
                  if (!points.length) continue;
                  const line = document.createElementNS('http://www.w3.org/2000/svg', 'polyline');
                  line.setAttribute('class', kind);
                  line.setAttribute('points', points.map(([t, v]) => (model.duration > 0 ? 1000 * t / model.duration : 0).toFixed(2) + ',' + (13 - 12 * v).toFixed(2)).join(' '));
                  line.setAttribute('fill', 'none');
                  line.setAttribute('stroke', stroke);
                  if (kind === 'playhead') line.setAttribute('stroke-dasharray', '4 3');
                  line.setAttribute('vector-effect', 'non-scaling-stroke');
                  svg.append(line);
                }
                row.append(svg);
              }
              box.append(row);
            }
            $('lanes').append(box);
          }
          // ?frame=N opens at frame N: a live preview reloads there when the scene changes.
          const asked = Number(new URLSearchParams(location.search).get('frame'));
          show(Number.isInteger(asked) ? asked : 0);
          if (model.live !== undefined && model.live !== null) {
            document.body.dataset.version = model.live;
            setInterval(() => {
              fetch('/version', { cache: 'no-store' }).then(r => r.text()).then(version => {
                if (version.trim() !== String(model.live)) location.replace('/?frame=' + current);
              }).catch(() => {});
            }, 200);
          }
        })();
        """
}
