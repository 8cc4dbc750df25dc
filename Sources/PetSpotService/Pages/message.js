// "Send a message to the reporter" and "Lost your link?" on a Pet details card (only on a server
// that sends mail):
// POST /v1/reports/{id}/messages {name, contact, text}. The server passes it on by mail to the
// reporter's own address, which this page never learns. Shown once the card has loaded (pet.js
// sets body[data-state]); what was typed stays in the form when sending fails. Every text comes
// from the page (data- attributes) or the server's problem details, written through textContent.
import { postMailForm, statusLine } from './mail-form.js';

var body = document.body;
var actions = document.querySelector('[data-role="mail-actions"]');
if (actions) {
  var form = actions.querySelector('[data-role="message-form"]');
  var text = form.dataset;
  var say = statusLine(form.querySelector('[data-role="message-status"]'));
  var button = form.querySelector('button[type="submit"]');
  var field = function (name) { return form.elements.namedItem(name); };

  var showWhenLoaded = function () { actions.hidden = body.dataset.state !== 'loaded'; };
  new MutationObserver(showWhenLoaded).observe(body, { attributes: true, attributeFilter: ['data-state'] });
  showWhenLoaded();

  form.addEventListener('submit', function (event) {
    event.preventDefault();
    var message = {
      name: field('name').value.trim(), contact: field('contact').value.trim(), text: field('text').value.trim()
    };
    if (!message.name || !message.contact || !message.text) { say(text.missing, true); return; }
    postMailForm('/v1/reports/' + encodeURIComponent(body.dataset.petId) + '/messages', message, {
      button: button, busy: 'messageBusy', say: say, text: text, sent: function () { field('text').value = ''; }
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
}
