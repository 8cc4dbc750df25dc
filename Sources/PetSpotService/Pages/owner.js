// A report's owner token as this browser keeps it (an ES module the pages import; no build
// step). The report flow keeps it when this browser makes the report; a card link with
// #ownerToken=TOKEN (`petspot reports token ID --rotate` prints one) hands a report to this
// browser. Stored as localStorage `petspot.owner.{id}`; with storage off nothing is kept and
// the pages say who may change the report.

function key(id) { return 'petspot.owner.' + id; }

/** The token this browser keeps for report `id`, or null. */
export function ownerToken(id) {
  try { return window.localStorage.getItem(key(id)); } catch (e) { return null; }
}

/** Keeps `token` as this browser's owner token of report `id`. */
export function keepOwnerToken(id, token) {
  if (!id || !token) return;
  try { window.localStorage.setItem(key(id), token); } catch (e) { /* storage off */ }
}

/** Forgets report `id`'s token (the report is gone). */
export function forgetOwnerToken(id) {
  try { window.localStorage.removeItem(key(id)); } catch (e) { /* nothing kept */ }
}

/** `{Authorization: 'Bearer TOKEN'}` when this browser keeps report `id`'s token, else `{}`. */
export function ownerAuthorization(id) {
  var token = ownerToken(id);
  return token ? { Authorization: 'Bearer ' + token } : {};
}

/** Takes a `#ownerToken=TOKEN` fragment: keeps the token and removes it from the address bar. */
export function takeOwnerTokenFromLink(id) {
  var match = /^#ownerToken=([A-Za-z0-9_-]+)$/.exec(window.location.hash);
  if (!match) return;
  keepOwnerToken(id, match[1]);
  window.history.replaceState(null, '', window.location.pathname + window.location.search);
}
