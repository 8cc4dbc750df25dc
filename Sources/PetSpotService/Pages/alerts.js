// The home page's alerts by mail (only on a server that sends mail): "Email me when a pet is
// reported near here" for the place the list shows (the page's address keeps it: ?near=…).
// POST /v1/subscriptions {email, near, km}; the server answers 202 whatever the address, and
// mails a link whose page confirms. Every text comes from the page (data- attributes) or the
// server's problem details, written only through textContent.
(function () {
  'use strict';

  var form = document.querySelector('[data-role="alerts-form"]');
  if (!form) return;
  var text = form.dataset;
  var status = form.querySelector('[data-role="alerts-status"]');
  var email = document.getElementById('alerts-email');
  var km = document.getElementById('alerts-km');
  var button = form.querySelector('button[type="submit"]');

  function say(message, failed) {
    status.textContent = message;
    if (failed) status.dataset.failed = 'true'; else delete status.dataset.failed;
  }

  form.addEventListener('submit', function (event) {
    event.preventDefault();
    var near = new URLSearchParams(window.location.search).get('near');
    if (!near) { say(text.noPlace, true); return; }
    var address = email.value.trim();
    if (!address) { say(text.noEmail, true); email.focus(); return; }
    button.disabled = true;
    document.body.dataset.alertsBusy = 'true';
    say(text.sending, false);
    fetch('/v1/subscriptions', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, application/problem+json' },
      body: JSON.stringify({ email: address, near: near, km: Number(km.value) })
    }).then(function (response) {
      if (response.status === 202) { say(text.sent, false); return null; }
      return response.json().then(function (problem) {
        say((problem && problem.detail) || text.unreachable, true);
      }, function () { say(text.unreachable, true); });
    }, function () {
      say(text.unreachable, true);
    }).then(function () {
      button.disabled = false;
      delete document.body.dataset.alertsBusy;
    });
  });
})();
