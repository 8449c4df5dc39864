// The baseline of first-rows.html (see there).
(async () => {
  const q = new URLSearchParams(location.search);
  const url = q.get('url');
  if (!url) return;
  const session = JSON.parse(sessionStorage.getItem('mws.session') || '{}');
  const headers = { Authorization: session.authorization || '', 'X-Requested-With': 'XMLHttpRequest' };
  if (q.get('range')) headers['X-Range'] = q.get('range');
  const res = await fetch(url, { headers });
  const body = await res.json();
  const esc = (s) =>
    String(s == null ? '' : s).replace(
      /[&<>"]/g,
      (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c],
    );
  let html = '';
  if (q.get('kind') === 'lines') {
    const lines = (body.lines || []).slice(0, Number(q.get('n') || 20));
    lines.forEach((l, i) => {
      html += `<div role="row" aria-selected="false" class="r l"><span>${i + 1}</span><textarea aria-label="Translation of line ${i + 1}">${esc(l.text)}</textarea></div>`;
    });
  } else {
    for (const wr of body) {
      const due = wr.due && wr.due.date ? new Date(wr.due.date * 1000).toLocaleString() : '—';
      html +=
        `<div role="row" aria-selected="false" class="r"><span>${esc(wr.asset && wr.asset.name)}</span><span>${esc(wr.project && wr.project.name)}</span>` +
        `<code>${esc(wr.language)}</code><code>${esc(wr.territory)}</code><span>${esc(wr.status)}</span><span>${esc(due)}</span>` +
        `<span>${esc(wr.from && (wr.from.name || wr.from.username))}</span><span>${esc(wr.created ? new Date(wr.created * 1000).toLocaleDateString() : '—')}</span></div>`;
    }
  }
  document.getElementById('grid').innerHTML = html;
})();
