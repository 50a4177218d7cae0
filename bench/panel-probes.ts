// What the panel bench runs inside the page, as script text: a function handed to playwright is
// serialized from tsx's transpiled source, whose helpers (__name) the page does not have.
// Each probe offers a promise to wait on (the panel's CSP refuses the eval behind a string given to
// waitForFunction). Times are the page's performance.now(); "painted" is a message posted from
// the first animation frame after the change, which runs once that frame has been handed to the
// compositor.

/** The first list of at least `rows` rows: when the DOM held them, the next frame, and after it. */
export function rowsProbe(rows: number): string {
  return `(() => {
  let shown;
  const bench = { rows: null, shown: new Promise((resolve) => { shown = resolve; }) };
  window.__panelRows = bench;
  let seen = false;
  const check = () => {
    if (seen) return;
    const count = document.querySelectorAll('main table tbody tr').length;
    if (count < ${rows}) return;
    seen = true;
    const dom = performance.now();
    requestAnimationFrame(() => {
      const frame = performance.now();
      const channel = new MessageChannel();
      channel.port1.onmessage = () => { bench.rows = { dom, frame, painted: performance.now(), count }; shown(); };
      channel.port2.postMessage(null);
    });
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true });
})();`;
}

/** The rows probe's times and the list request's resource timing (the last one to `listPath`). */
export function rowsResult(listPath: string): string {
  return `(() => {
  const rows = window.__panelRows && window.__panelRows.rows;
  const lists = performance.getEntriesByType('resource').filter((e) => e.name.includes(${JSON.stringify(listPath)}) && e.name.includes('pageSize='));
  const list = lists[lists.length - 1];
  if (!rows || !list) return null;
  return { ...rows, url: list.name, requestStart: list.requestStart, responseEnd: list.responseEnd, listRequests: lists.length };
})()`;
}

/** Listens to keys typed into the element `id`: per key, the keydown's timestamp, the first frame
 *  after its input event and the message after that frame; whether the input showed the key by
 *  then; and the Event Timing entries of 16 ms or more. */
export function typingProbe(id: string): string {
  return `(() => {
  const waiting = [];
  const bench = {
    samples: [], events: [],
    /** Resolves once n keys are on screen. */
    shown: (n) => new Promise((resolve) => { if (bench.samples.length >= n) resolve(); else waiting.push({ n, resolve }); }),
  };
  window.__panelTyping = bench;
  let down;
  document.addEventListener('keydown', (e) => { down = { key: e.key, at: e.timeStamp }; }, true);
  document.addEventListener('input', (e) => {
    const key = down;
    const target = e.target;
    if (!key || !target || target.id !== ${JSON.stringify(id)}) return;
    down = undefined;
    const handled = performance.now();
    requestAnimationFrame(() => {
      const frame = performance.now();
      const shown = String(document.getElementById(${JSON.stringify(id)}).value).endsWith(key.key);
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        bench.samples.push({ key: key.key, down: key.at, handled, frame, painted: performance.now(), shown });
        for (const w of waiting.splice(0)) { if (bench.samples.length >= w.n) w.resolve(); else waiting.push(w); }
      };
      channel.port2.postMessage(null);
    });
  }, true);
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      bench.events.push({ name: e.name, duration: e.duration, delay: e.processingStart - e.startTime, processing: e.processingEnd - e.processingStart });
    }
  }).observe({ type: 'event', durationThreshold: 16 });
})()`;
}
