// A report flow's draft as this browser keeps it (an ES module report.js imports; no build
// step): the fields in localStorage with the time they were saved, the photo's bytes in
// IndexedDB (localStorage is too small for a 10 MB photo). A draft older than the page's
// draftLifetimeMs is dropped, its photo too.

// The draft's idempotency key, sent with Submit report as `Idempotency-Key`: however often
// this draft is submitted (a double click, Back then Submit), the server keeps one report.
function newKey() {
  if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
  var bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes); // randomUUID needs a secure context; this one is plain http
  return Array.prototype.map.call(bytes, function (b) { return (b + 256).toString(16).slice(1); }).join('');
}

/**
 * The draft of `config.flow`: `draft` (the values by step, the step on screen, the photo's
 * summary, the report shown at the end, the idempotency key), `stale` (a draft too old was
 * found and dropped), `save()`, `step(name)` (a step's part, made when missing),
 * `photos(mode, use)` (a transaction on the photo store: a promise of its result or null) and
 * `clear()` (the fields and the photo's bytes gone).
 */
export function openDraft(config) {
  var key = 'petspot.report.' + config.flow;
  var first = config.steps[0].name;
  var drafts = { stale: false };

  function empty() {
    return { version: 1, savedAt: Date.now(), step: first, steps: {}, photo: null, report: null, key: newKey() };
  }

  function load() {
    try {
      var saved = JSON.parse(localStorage.getItem(key) || 'null');
      if (saved && saved.version === 1 && Date.now() - saved.savedAt <= config.draftLifetimeMs) {
        if (!saved.key) saved.key = newKey(); // a draft saved before drafts had keys
        return saved;
      }
      drafts.stale = saved !== null;
      localStorage.removeItem(key);
    } catch (e) { /* no storage: the page works, the draft is not kept */ }
    return empty();
  }

  drafts.draft = load();

  drafts.save = function () {
    drafts.draft.savedAt = Date.now();
    try { localStorage.setItem(key, JSON.stringify(drafts.draft)); } catch (e) { /* full or off */ }
  };

  drafts.step = function (step) {
    var steps = drafts.draft.steps;
    if (!steps[step]) steps[step] = { values: {}, shown: {}, checked: null, location: null };
    return steps[step];
  };

  drafts.photos = function (mode, use) {
    return new Promise(function (resolve) {
      if (!window.indexedDB) { resolve(null); return; }
      var open = indexedDB.open('petspot-report-drafts', 1);
      open.onupgradeneeded = function () { open.result.createObjectStore('photos'); };
      open.onerror = function () { resolve(null); };
      open.onsuccess = function () {
        var db = open.result;
        var tx = db.transaction('photos', mode);
        var request = use(tx.objectStore('photos'));
        tx.oncomplete = function () { db.close(); resolve(request.result || null); };
        tx.onerror = tx.onabort = function () { db.close(); resolve(null); };
      };
    });
  };

  drafts.clear = function () {
    try { localStorage.removeItem(key); } catch (e) { /* nothing kept */ }
    return drafts.photos('readwrite', function (store) { return store.delete(config.flow); });
  };

  return drafts;
}
