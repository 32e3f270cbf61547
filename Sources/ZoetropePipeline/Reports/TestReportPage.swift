import FoundationEssentials

/// The report's `index.html`: one file that works from `file://` (no server, no network). The
/// report's data is inlined in a `<script>` element and the images are files beside it.
///
/// One row per scene and frame, failures first: expected, actual and diff side by side; a slider
/// that wipes from the expected frame to the actual one; a button that blinks between them; the
/// differing pixels and their share; the command that accepts the frame.
struct TestReportPage {
    var report: TestReport

    func html() -> String {
        let data = (try? report.json()).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        let inlined = Markup.inScript(data)
        let failures = report.failures.count
        let title = failures == 0 ? "Visual tests passed" : "Visual tests: \(failures) failing"
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <title>\(title)</title>
            <style>\(Self.style)</style>
            </head>
            <body>
            <header>
            <h1 id="title"></h1>
            <p id="summary"></p>
            <div id="accept-all"></div>
            <div id="notes"></div>
            </header>
            <main id="rows"></main>
            <script type="application/json" id="report-data">\(inlined)</script>
            <script>\(Self.script)</script>
            </body>
            </html>

            """
    }

    static let style = """
        body { font: 14px/1.4 system-ui, sans-serif; margin: 0 24px 48px; color: #1d1d1f; background: #fafafa; }
        header { position: sticky; top: 0; background: #fafafa; padding: 12px 0; border-bottom: 1px solid #ddd; z-index: 2; }
        h1 { font-size: 20px; margin: 0 0 4px; }
        h1.failed { color: #c62828; } h1.passed { color: #2e7d32; }
        code { background: #eee; padding: 2px 6px; border-radius: 4px; user-select: all; font-size: 12px; }
        .row { background: white; border: 1px solid #ddd; border-left: 6px solid #2e7d32; border-radius: 6px; margin: 16px 0; padding: 12px; }
        .row[data-status="failed"], .row[data-status="missing"] { border-left-color: #c62828; }
        .row[data-status="recorded"] { border-left-color: #1565c0; }
        .row h2 { font-size: 15px; margin: 0 0 6px; }
        .status { font-weight: 600; text-transform: uppercase; font-size: 12px; margin-left: 8px; }
        .images { display: flex; gap: 12px; flex-wrap: wrap; align-items: flex-start; }
        figure { margin: 0; } figcaption { font-size: 12px; color: #555; }
        figure img, .wipe img { max-width: 270px; height: auto; display: block; background: repeating-conic-gradient(#eee 0 25%, #fff 0 50%) 0 0 / 16px 16px; }
        figure > img { border: 1px solid #ccc; }
        .wipe { position: relative; display: inline-block; outline: 1px solid #ccc; }
        .wipe img.actual { position: absolute; left: 0; top: 0; }
        .wipe[data-blinking="true"] img.actual { clip-path: none !important; }
        .wipe[data-blinking="true"][data-showing="expected"] img.actual { visibility: hidden; }
        .controls { display: flex; gap: 8px; align-items: center; margin-top: 4px; font-size: 12px; }
        .controls input { width: 240px; }
        .notes { color: #8d6e00; }
        .row.compact { display: inline-block; vertical-align: top; width: 150px; margin: 8px 8px 0 0; padding: 6px; }
        .row.compact h2 { font-size: 11px; font-weight: 500; overflow-wrap: anywhere; }
        .row.compact .status { display: block; margin: 2px 0 0; }
        .row.compact img { max-width: 148px; }
        """

    static let script = """
        (function () {
          const report = JSON.parse(document.getElementById('report-data').textContent);
          const order = { failed: 0, missing: 1, recorded: 2, passed: 3 };
          const quote = s => /^[A-Za-z0-9_\\-.\\/=:]+$/.test(s) ? s : "'" + s.replace(/'/g, "'\\\\''") + "'";
          const accept = only => 'zoetrope test --accept ' + quote(report.folder || 'REPORT_DIR') + (only ? ' --only ' + quote(only) : '');
          const el = (tag, props, children) => {
            const node = Object.assign(document.createElement(tag), props || {});
            for (const child of children || []) node.append(child);
            return node;
          };
          const rows = [];
          for (const scene of report.scenes)
            for (const frame of scene.frames) rows.push({ scene, frame });
          rows.sort((a, b) => order[a.frame.status] - order[b.frame.status] || a.scene.name.localeCompare(b.scene.name) || a.frame.index - b.frame.index);
          const count = s => rows.filter(r => r.frame.status === s).length;
          const failing = count('failed') + count('missing');
          const title = document.getElementById('title');
          title.textContent = failing ? failing + ' of ' + rows.length + ' frames failing' : 'All ' + rows.length + ' frames pass';
          title.className = failing ? 'failed' : 'passed';
          document.getElementById('summary').textContent = rows.length + ' frames of ' + report.scenes.length + ' scenes: ' +
            count('failed') + ' differ, ' + count('missing') + ' without a golden, ' + count('recorded') + ' recorded, ' + count('passed') + ' pass' +
            (report.shard ? ' (shard ' + report.shard + ')' : '') + '. Goldens: ' + report.goldens;
          if (failing) document.getElementById('accept-all').append('Accept every failing frame: ', el('code', { className: 'accept', textContent: accept(null) }));
          const notes = document.getElementById('notes');
          for (const scene of report.scenes)
            if (scene.environmentChanges.length)
              notes.append(el('p', { className: 'notes', textContent: scene.name + ': its goldens were made in another render environment (' +
                scene.environmentChanges.join('; ') + '); differences may come from the machine image, not from the scene.' }));
          if (report.orphans.length)
            notes.append(el('p', { textContent: 'Goldens no longer rendered' + (report.pruned.length ? ' (removed by --prune)' : ' (remove them with --prune)') + ': ' + report.orphans.join(', ') }));
          const main = document.getElementById('rows');
          for (const { scene, frame } of rows) {
            const id = scene.name + '/' + frame.file;
            const detail = frame.differingPixels != null ? ' · ' + frame.differingPixels + ' pixels differ (' + (100 * frame.differingPixels / frame.totalPixels).toFixed(2) + ' %)' : '';
            const row = el('section', { className: 'row', id: id }, [
              el('h2', { textContent: id + ' · t = ' + frame.time.toFixed(3) + ' s' + detail }, [el('span', { className: 'status', textContent: frame.status })])
            ]);
            row.dataset.status = frame.status;
            row.dataset.scene = scene.name;
            row.dataset.frame = frame.index;
            if (frame.differingPixels != null) row.dataset.differingPixels = frame.differingPixels;
            // A passing frame is a small card of its frame: what needs a look is what fails.
            if (frame.status === 'passed') {
              row.classList.add('compact');
              row.append(el('img', { src: frame.actual, alt: 'actual ' + id + ' (matches its golden)', loading: 'lazy' }));
              main.append(row);
              continue;
            }
            if (frame.message) row.append(el('p', { textContent: frame.message }));
            if (frame.status === 'failed' || frame.status === 'missing')
              row.append(el('p', {}, ['Accept: ', el('code', { className: 'accept', textContent: accept(id) })]));
            const figure = (label, src) => el('figure', {}, [el('img', { src, alt: label + ' ' + id, loading: 'lazy' }), el('figcaption', { textContent: label })]);
            const images = el('div', { className: 'images' });
            if (frame.expected) images.append(figure('expected', frame.expected));
            images.append(figure(frame.status === 'passed' ? 'actual (matches its golden)' : 'actual', frame.actual));
            if (frame.diff) images.append(figure('diff', frame.diff));
            if (frame.expected) {
              const expected = el('img', { className: 'expected', src: frame.expected, alt: 'expected' });
              const actual = el('img', { className: 'actual', src: frame.actual, alt: 'actual' });
              const wipe = el('div', { className: 'wipe' }, [expected, actual]);
              wipe.dataset.blinking = 'false';
              wipe.dataset.showing = 'actual';
              const slider = el('input', { type: 'range', min: 0, max: 100, value: 50, className: 'slider', title: 'wipe from expected (left) to actual (right)' });
              const place = () => { actual.style.clipPath = 'inset(0 0 0 ' + slider.value + '%)'; };
              slider.addEventListener('input', place);
              place();
              let timer = null;
              const blink = el('button', { type: 'button', className: 'blink', textContent: 'Blink' });
              blink.addEventListener('click', () => {
                if (timer) { clearInterval(timer); timer = null; wipe.dataset.blinking = 'false'; wipe.dataset.showing = 'actual'; blink.textContent = 'Blink'; return; }
                wipe.dataset.blinking = 'true';
                blink.textContent = 'Stop blinking';
                timer = setInterval(() => { wipe.dataset.showing = wipe.dataset.showing === 'actual' ? 'expected' : 'actual'; }, 500);
              });
              images.append(el('figure', {}, [wipe, el('div', { className: 'controls' }, ['expected', slider, 'actual', blink])]));
            }
            row.append(images);
            main.append(row);
          }
        })();
        """
}
