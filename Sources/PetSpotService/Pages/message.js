// "Send a message to the reporter" and "Lost your link?" on a Pet details card (only on a server
// that sends mail):
// POST /v1/reports/{id}/messages {name, contact, text}. The server passes it on by mail to the
// reporter's own address, which this page never learns. Shown once the card has loaded (pet.js
// sets body[data-state]); what was typed stays in the form when sending fails. Every text comes
// from the page (data- attributes) or the server's problem details, written through textContent.
(function () {
  'use strict';

  var body = document.body;
  var actions = document.querySelector('[data-role="mail-actions"]');
  if (!actions) return;
  var form = actions.querySelector('[data-role="message-form"]');
  var text = form.dataset;
  var status = form.querySelector('[data-role="message-status"]');
  var button = form.querySelector('button[type="submit"]');

  function field(name) { return form.elements.namedItem(name); }
  function say(message, failed) {
    status.textContent = message;
    if (failed) status.dataset.failed = 'true'; else delete status.dataset.failed;
  }

  function showWhenLoaded() { actions.hidden = body.dataset.state !== 'loaded'; }
  new MutationObserver(showWhenLoaded).observe(body, { attributes: true, attributeFilter: ['data-state'] });
  showWhenLoaded();

  form.addEventListener('submit', function (event) {
    event.preventDefault();
    var message = {
      name: field('name').value.trim(), contact: field('contact').value.trim(), text: field('text').value.trim()
    };
    if (!message.name || !message.contact || !message.text) { say(text.missing, true); return; }
    button.disabled = true;
    body.dataset.messageBusy = 'true';
    say(text.sending, false);
    fetch('/v1/reports/' + encodeURIComponent(body.dataset.petId) + '/messages', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, application/problem+json' },
      body: JSON.stringify(message)
    }).then(function (response) {
      if (response.status === 202) { say(text.sent, false); field('text').value = ''; return null; }
      return response.json().then(function (problem) {
        say((problem && problem.detail) || text.unreachable, true);
      }, function () { say(text.unreachable, true); });
    }, function () {
      say(text.unreachable, true);
    }).then(function () {
      button.disabled = false;
      delete body.dataset.messageBusy;
    });
  });

  // "Lost your link?": the same answer whatever the report, so the page says only that.
  var lost = actions.querySelector('[data-action="lost-link"]');
  var lostStatus = actions.querySelector('[data-role="lost-link-status"]');
  lost.addEventListener('click', function () {
    lost.disabled = true;
    fetch('/v1/reports/' + encodeURIComponent(body.dataset.petId) + '/manage-link', {
      method: 'POST', headers: { Accept: 'application/json, application/problem+json' }
    }).then(function (response) {
      return response.json().then(function (answer) {
        lostStatus.textContent = response.status === 202 ? lost.parentNode.dataset.sent : (answer.detail || '');
      });
    }, function () {
      lostStatus.textContent = lost.parentNode.dataset.unreachable;
    }).then(function () { lost.disabled = false; });
  });
})();
