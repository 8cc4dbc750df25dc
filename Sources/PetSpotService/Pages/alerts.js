// The home page's alerts by mail (only on a server that sends mail): "Email me when a pet is
// reported near here" for the place the list shows (the page's address keeps it: ?near=…).
// POST /v1/subscriptions {email, near, km}; the server answers 202 whatever the address, and
// mails a link whose page confirms. Every text comes from the page (data- attributes) or the
// server's problem details, written only through textContent (mail-form.js).
import { postMailForm, statusLine } from './mail-form.js';

var form = document.querySelector('[data-role="alerts-form"]');
if (form) {
  var text = form.dataset;
  var say = statusLine(form.querySelector('[data-role="alerts-status"]'));
  var email = document.getElementById('alerts-email');
  var km = document.getElementById('alerts-km');
  var button = form.querySelector('button[type="submit"]');

  form.addEventListener('submit', function (event) {
    event.preventDefault();
    var near = new URLSearchParams(window.location.search).get('near');
    if (!near) { say(text.noPlace, true); return; }
    var address = email.value.trim();
    if (!address) { say(text.noEmail, true); email.focus(); return; }
    postMailForm('/v1/subscriptions', { email: address, near: near, km: Number(km.value) },
      { button: button, busy: 'alertsBusy', say: say, text: text });
  });
}
