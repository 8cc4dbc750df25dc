// Leaving and sharing a Pet details card (an ES module pet.js imports; no build step).

/**
 * Share: the system's share sheet (the Web Share API) where the browser has one; else the
 * card's link copied, said through `say` (or shown there to copy by hand). The link is the
 * page's address without its query or fragment: an owner token in a link never travels on.
 * `texts` holds the page's `linkCopied` and `copyFailed` messages.
 */
export function shareCard(say, texts) {
  var url = window.location.origin + window.location.pathname;
  var tag = document.querySelector('meta[property="og:title"]');
  var title = tag ? tag.content : document.title;
  var copy = function () {
    var done = function () { say(texts.linkCopied); };
    var failed = function () { say(texts.copyFailed + ' ' + url); };
    if (navigator.clipboard && navigator.clipboard.writeText) {
      Promise.resolve().then(function () { return navigator.clipboard.writeText(url); }).then(done, failed);
    } else {
      failed();
    }
  };
  if (typeof navigator.share !== 'function') { copy(); return; }
  navigator.share({ title: title, url: url }).catch(function (error) {
    if (!error || error.name !== 'AbortError') copy(); // dismissed: nothing to say
  });
}

/**
 * The back arrow: to the page this card was opened from when that is one of this site's
 * lists (the home page's list, kept at its place and page by its address; the map; another
 * card's matches): never to a report flow, whose report was just sent, and never out of the
 * site. Opened any other way (a new tab, a link from elsewhere, after Submit) it goes to the
 * home page.
 */
export function backToList() {
  var from = null;
  try { from = document.referrer ? new URL(document.referrer) : null; } catch (e) { from = null; }
  var list = from && from.origin === window.location.origin &&
    (from.pathname === '/' || from.pathname === '/map' || /^\/pets\/[^/]+$/.test(from.pathname)) &&
    from.pathname !== window.location.pathname;
  if (list && window.history.length > 1) window.history.back();
  else window.location.assign('/');
}
