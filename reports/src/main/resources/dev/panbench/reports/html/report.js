// Sorting and filtering of the report's tables; no network, no libraries.
(function () {
  'use strict';
  function sortKey(cell) {
    var v = cell.getAttribute('data-v');
    if (v !== null) { return { n: parseFloat(v) }; }
    var t = cell.textContent.trim();
    return t === '' ? { e: true } : { s: t.toLowerCase() };
  }
  function compare(a, b) {
    if (a.e || b.e) { return (a.e ? 1 : 0) - (b.e ? 1 : 0); }
    if (a.n !== undefined && b.n !== undefined) { return a.n - b.n; }
    if (a.n !== undefined) { return -1; }
    if (b.n !== undefined) { return 1; }
    return a.s < b.s ? -1 : a.s > b.s ? 1 : 0;
  }
  document.querySelectorAll('table.sortable').forEach(function (table) {
    var heads = table.tHead.rows[0].cells;
    Array.prototype.forEach.call(heads, function (th, col) {
      th.tabIndex = 0;
      th.setAttribute('role', 'columnheader');
      function sort() {
        var ascending = th.getAttribute('aria-sort') !== 'ascending';
        Array.prototype.forEach.call(heads, function (h) { h.removeAttribute('aria-sort'); });
        th.setAttribute('aria-sort', ascending ? 'ascending' : 'descending');
        var body = table.tBodies[0];
        var rows = Array.prototype.map.call(body.rows, function (r, i) { return { r: r, k: sortKey(r.cells[col]), i: i }; });
        rows.sort(function (x, y) {
          var c = compare(x.k, y.k);
          if (c !== 0 && !(x.k.e || y.k.e)) { c = ascending ? c : -c; }
          return c !== 0 ? c : x.i - y.i;
        });
        var frag = document.createDocumentFragment();
        rows.forEach(function (x) { frag.appendChild(x.r); });
        body.appendChild(frag);
      }
      th.addEventListener('click', sort);
      th.addEventListener('keydown', function (e) {
        if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); sort(); }
      });
    });
  });
  document.querySelectorAll('input.filter').forEach(function (input) {
    var table = input.closest('section').querySelector('table.sortable');
    input.addEventListener('input', function () {
      var q = input.value.trim().toLowerCase();
      Array.prototype.forEach.call(table.tBodies[0].rows, function (r) {
        r.hidden = q !== '' && r.cells[0].textContent.toLowerCase().indexOf(q) < 0;
      });
    });
  });
}());
