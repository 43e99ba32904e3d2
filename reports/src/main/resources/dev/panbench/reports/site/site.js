// panbench history site: filter (text or /regex/), change since a chosen run, sort by change; state in location.hash
(function () {
  'use strict';
  var q = document.getElementById('q');
  var since = document.getElementById('since');
  var sort = document.getElementById('sort');
  var table = document.getElementById('results');
  if (!q || !table) { return; }
  var groups = Array.prototype.slice.call(table.tBodies);
  var rows = [];
  var initial = +table.getAttribute('data-since');
  groups.forEach(function (g) {
    Array.prototype.forEach.call(g.querySelectorAll('tr[data-id]'), function (r) {
      r._home = g;
      r._since = initial; // the page was written with the change since this run
      rows.push(r);
    });
  });
  var flatMode = false;
  var recent = Array.prototype.slice.call(document.querySelectorAll('#recent tr[data-id]'));
  var flat = document.createElement('tbody');
  flat.hidden = true;
  table.appendChild(flat);
  var count = document.getElementById('count');

  function params() {
    var p = {};
    location.hash.replace(/^#/, '').split('&').forEach(function (kv) {
      var i = kv.indexOf('=');
      if (i > 0) { p[decodeURIComponent(kv.slice(0, i))] = decodeURIComponent(kv.slice(i + 1).replace(/\+/g, ' ')); }
    });
    return p;
  }

  function matcher(text) {
    var m = /^\/(.*)\/([a-z]*)$/.exec(text);
    if (m) {
      try { var re = new RegExp(m[1], m[2].indexOf('i') >= 0 ? m[2] : m[2] + 'i'); q.classList.remove('bad'); return function (s) { return re.test(s); }; }
      catch (e) { q.classList.add('bad'); return function () { return true; }; }
    }
    q.classList.remove('bad');
    var t = text.toLowerCase();
    return function (s) { return s.toLowerCase().indexOf(t) >= 0; };
  }

  function changeFrom(r, run) {
    var f = +r.getAttribute('data-f');
    var v = r._v || (r._v = r.getAttribute('data-v').split(','));
    var i = Math.min(Math.max(run - f, 0), v.length - 1);
    while (i > 0 && v[i] === '') { i--; }
    return Math.exp(-(+v[i]) / 1000) - 1;
  }

  function pct(c) { return (c >= 0 ? '+' : '') + (100 * c).toFixed(1) + '%'; }

  function apply() {
    var match = matcher(q.value.trim());
    var run = +since.value;
    var shown = 0;
    rows.forEach(function (r) {
      var ok = match(r.getAttribute('data-id'));
      if (r.hidden === ok) { r.hidden = !ok; }
      if (ok) { shown++; }
      if (r._since !== run) {
        var c = changeFrom(r, run);
        r._since = run;
        r.setAttribute('data-c', c.toFixed(4));
        var cell = r.querySelector('td.chg');
        cell.textContent = pct(c);
        cell.className = 'num chg ' + (c > 0.02 ? 'up' : c < -0.02 ? 'down' : 'flat');
      }
    });
    recent.forEach(function (r) { var ok = match(r.getAttribute('data-id')); if (r.hidden === ok) { r.hidden = !ok; } });
    document.getElementById('since-label').textContent = 'run ' + run;
    if (sort.value === 'change') {
      rows.slice().sort(function (a, b) {
        return Math.abs(+b.getAttribute('data-c')) - Math.abs(+a.getAttribute('data-c'));
      }).forEach(function (r) { flat.appendChild(r); });
      groups.forEach(function (g) { g.hidden = true; });
      flat.hidden = false;
      flatMode = true;
    } else {
      if (flatMode) {
        rows.forEach(function (r) { r._home.appendChild(r); });
        flatMode = false;
      }
      flat.hidden = true;
      groups.forEach(function (g) { g.hidden = !g.querySelector('tr[data-id]:not([hidden])'); });
    }
    count.textContent = shown + ' of ' + rows.length + ' results';
    var h = [];
    if (q.value) { h.push('q=' + encodeURIComponent(q.value)); }
    if (sort.value !== 'name') { h.push('sort=' + sort.value); }
    if (since.value !== table.getAttribute('data-since')) { h.push('since=' + since.value); }
    var hash = h.length ? '#' + h.join('&') : '';
    if (hash !== location.hash && !(hash === '' && location.hash === '#')) {
      history.replaceState(null, '', hash || location.pathname + location.search);
    }
  }

  function load() {
    var p = params();
    q.value = p.q || '';
    if (p.sort === 'change' || p.sort === 'name') { sort.value = p.sort; }
    if (p.since && since.querySelector('option[value="' + (+p.since) + '"]')) { since.value = String(+p.since); }
    apply();
  }

  var timer = null;
  q.addEventListener('input', function () { clearTimeout(timer); timer = setTimeout(apply, 80); });
  since.addEventListener('change', apply);
  sort.addEventListener('change', apply);
  window.addEventListener('hashchange', load);
  load();
})();
