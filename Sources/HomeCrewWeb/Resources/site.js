// Tables become cards on a phone: each cell is labelled with its column's name, and the
// table keeps its roles for screen readers though the style sheet lays it out in blocks.
document.addEventListener('DOMContentLoaded', function () {
  document.querySelectorAll('.scroll > table').forEach(function (table) {
    var names = [];
    table.querySelectorAll('thead th').forEach(function (th) {
      for (var i = 0; i < (th.colSpan || 1); i++) { names.push(th.textContent.trim()); }
    });
    if (!names.length) { return; }
    table.setAttribute('role', 'table');
    table.querySelectorAll('thead, tbody, tfoot').forEach(function (group) { group.setAttribute('role', 'rowgroup'); });
    table.querySelectorAll('tr').forEach(function (row) {
      row.setAttribute('role', 'row');
      var column = 0;
      Array.prototype.forEach.call(row.children, function (cell) {
        var header = cell.parentNode.parentNode.tagName === 'THEAD';
        cell.setAttribute('role', header ? 'columnheader' : cell.tagName === 'TH' ? 'rowheader' : 'cell');
        if (!header && names[column]) { cell.setAttribute('data-label', names[column]); }
        column += cell.colSpan || 1;
      });
    });
    table.classList.add('cards');
  });
});
document.addEventListener('submit', function (event) {
  var message = event.target.getAttribute('data-confirm');
  if (message && !window.confirm(message)) { event.preventDefault(); }
});
// A choice that changes what the rest of the form offers (the upload's household and its staff) reloads the page.
document.addEventListener('change', function (event) {
  var base = event.target.getAttribute('data-reload');
  if (base) { window.location = base + encodeURIComponent(event.target.value); }
});
