// A mail form's send (an ES module the pages import; no build step): the home page's alerts
// (alerts.js) and a card's "Send a message" (message.js) post JSON the same way and say how it
// went in the form's status line. The server answers 202 when it took the request; any other
// answer's problem detail is shown, or the form's "unreachable" text. Every text comes from
// the page (data- attributes) or the server's problem details, written only through textContent.

/** A function that writes `message` to `status` (textContent only), marked failed or not. */
export function statusLine(status) {
  return function say(message, failed) {
    status.textContent = message;
    if (failed) status.dataset.failed = 'true'; else delete status.dataset.failed;
  };
}

/**
 * POSTs `payload` as JSON to `url`. Meanwhile `button` is disabled and body[data-`busy`] is set;
 * `say` shows `text.sending`, then `text.sent` (and `sent()` runs) on 202, else the problem's
 * detail or `text.unreachable`.
 */
export function postMailForm(url, payload, { button, busy, say, text, sent }) {
  var body = document.body;
  button.disabled = true;
  body.dataset[busy] = 'true';
  say(text.sending, false);
  return fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, application/problem+json' },
    body: JSON.stringify(payload)
  }).then(function (response) {
    if (response.status === 202) { say(text.sent, false); if (sent) sent(); return null; }
    return response.json().then(function (problem) {
      say((problem && problem.detail) || text.unreachable, true);
    }, function () { say(text.unreachable, true); });
  }, function () {
    say(text.unreachable, true);
  }).then(function () {
    button.disabled = false;
    delete body.dataset[busy];
  });
}
