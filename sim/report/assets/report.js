// gpusim HTML report: sortable tables. A click on a column header sorts the
// table's rows by that column (numbers by value, text alphabetically); a
// second click reverses the order. Cells sort by their data-v attribute
// when they have one.
(function () {
  function key(cell) {
    var v = cell.getAttribute("data-v");
    if (v === null) v = cell.textContent.trim();
    var n = Number(v);
    return (v !== "" && !isNaN(n)) ? { n: true, v: n } : { n: false, v: v.toLowerCase() };
  }
  function sortBy(table, th, col) {
    var body = table.tBodies[0];
    var rows = Array.prototype.slice.call(body.rows);
    var dir = th.getAttribute("aria-sort") === "descending" ? 1 : -1;
    if (!th.hasAttribute("aria-sort")) dir = th.classList.contains("text") ? 1 : -1;
    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (c) { c.removeAttribute("aria-sort"); });
    th.setAttribute("aria-sort", dir > 0 ? "ascending" : "descending");
    rows.sort(function (a, b) {
      var x = key(a.cells[col]), y = key(b.cells[col]);
      var c = (x.n && y.n) ? x.v - y.v : String(x.v).localeCompare(String(y.v));
      if (c === 0) c = Number(a.getAttribute("data-i")) - Number(b.getAttribute("data-i"));
      else c *= dir;
      return c;
    });
    rows.forEach(function (r) { body.appendChild(r); });
  }
  document.querySelectorAll("table.sortable").forEach(function (table) {
    Array.prototype.forEach.call(table.tBodies[0].rows, function (r, i) { r.setAttribute("data-i", i); });
    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (th, col) {
      th.classList.add("sortable");
      th.title = "sort by " + th.textContent.trim();
      th.addEventListener("click", function () { sortBy(table, th, col); });
    });
  });
})();
