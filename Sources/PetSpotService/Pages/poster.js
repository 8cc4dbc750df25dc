// The poster page (/pets/{id}/poster). On screen the sheet is scaled down to the window's
// width (poster.css's --preview-scale; print is never scaled). Print prints it. The report's
// owner — this browser kept the report's owner token (report.js) — gets "Print my phone on the
// poster": ticking it asks GET /v1/reports/{id}/contact with the token and writes the phone
// into the poster and its tear-off strips; unticking takes it out. Nothing is stored: a
// stranger's poster (and the page as the server sends it) carries no contact. Outside text is
// written as text only. An ES module: the owner token from owner.js.
import { ownerToken } from './owner.js';

var body = document.body;
var id = body.dataset.petId;

function setPhone(phone) {
  document.querySelectorAll('[data-role="phone"]').forEach(function (node) {
    node.textContent = phone;
    node.hidden = !phone;
  });
  document.querySelector('[data-role="phone-line"]').hidden = !phone;
}

function ownerPhone() {
  var token = ownerToken(id);
  if (!token) return;
  var tools = document.querySelector('[data-role="owner-phone"]');
  var box = tools.querySelector('input');
  var status = document.querySelector('[data-role="owner-phone-status"]');
  tools.hidden = false;
  box.addEventListener('change', function () {
    status.textContent = '';
    if (!box.checked) { setPhone(''); return; }
    fetch('/v1/reports/' + encodeURIComponent(id) + '/contact', {
      headers: { Accept: 'application/json', Authorization: 'Bearer ' + token }
    }).then(function (response) {
      return response.json().then(function (answer) {
        if (!response.ok) throw new Error(answer.detail || String(response.status));
        return answer;
      });
    }).then(function (answer) {
      var row = (answer.fields || []).filter(function (one) { return one.field === 'phone'; })[0];
      if (!box.checked) return;
      if (!row || row.empty || !row.value) { status.textContent = body.dataset.noPhone; return; }
      setPhone(row.value);
    }).catch(function (error) {
      box.checked = false;
      status.textContent = error && error.message ? error.message : String(error);
    });
  });
}

// The sheet's width unscaled, measured once before any scale is set; then the scale that fits
// it in the window (never above 1), again whenever the window's width changes.
function fitPreview() {
  var sheet = document.querySelector('.sheet');
  var root = document.documentElement;
  var natural = sheet.getBoundingClientRect().width;
  var margin = 2 * parseFloat(window.getComputedStyle(root).fontSize || '16');
  function fit() {
    var scale = Math.min(1, Math.max(0.1, (root.clientWidth - margin) / natural));
    root.style.setProperty('--preview-scale', String(scale));
  }
  fit();
  window.addEventListener('resize', fit);
}

document.querySelector('[data-action="print"]').addEventListener('click', function () { window.print(); });
ownerPhone();
// The sheet is measured once its style sheets have applied (the window's load event).
function start() {
  fitPreview();
  body.dataset.ready = 'true';
}
if (document.readyState === 'complete') start();
else window.addEventListener('load', start);
