// The report pages' script. It shows one step at a time, keeps the draft in this browser
// (the fields in localStorage with the time they were saved, the photo in IndexedDB), and
// asks the step API for everything a rule decides: field errors and helper texts, the toast,
// whether a step advances, the location outcome. It holds no rule and no message of its
// own: the words it shows come from the server (the page's data-config and the answers).
(function () {
  'use strict';

  var config = JSON.parse(document.body.dataset.config);
  var flow = config.flow;
  var stepNames = config.steps.map(function (s) { return s.name; });
  var kinds = {};
  config.steps.forEach(function (s) { kinds[s.name] = s.kind; });
  var draftKey = 'petspot.report.' + flow;
  var staleDraft = false;
  var draft = loadDraft();
  var queues = {};
  var pending = {};
  var inflight = 0;
  var queued = 0;
  var photoBlob = null;
  var previewUrl = null;
  var toastTimer = null;
  var submitted = false;

  // The draft ----------------------------------------------------------------------------

  function emptyDraft() {
    return { version: 1, savedAt: Date.now(), step: stepNames[0], steps: {}, photo: null, report: null, key: newKey() };
  }

  // The draft's idempotency key, sent with Submit report as `Idempotency-Key`: however often
  // this draft is submitted (a double click, Back then Submit), the server keeps one report.
  function newKey() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    var bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes); // randomUUID needs a secure context; this one is plain http
    return Array.prototype.map.call(bytes, function (b) { return (b + 256).toString(16).slice(1); }).join('');
  }

  function loadDraft() {
    try {
      var saved = JSON.parse(localStorage.getItem(draftKey) || 'null');
      if (saved && saved.version === 1 && Date.now() - saved.savedAt <= config.draftLifetimeMs) {
        if (!saved.key) saved.key = newKey(); // a draft saved before drafts had keys
        return saved;
      }
      staleDraft = saved !== null;
      localStorage.removeItem(draftKey);
    } catch (e) { /* no storage: the page works, the draft is not kept */ }
    return emptyDraft();
  }

  function saveDraft() {
    draft.savedAt = Date.now();
    try { localStorage.setItem(draftKey, JSON.stringify(draft)); } catch (e) { /* full or off */ }
  }

  function stepDraft(step) {
    if (!draft.steps[step]) draft.steps[step] = { values: {}, shown: {}, checked: null, location: null };
    return draft.steps[step];
  }

  // The photo's bytes, in IndexedDB (localStorage is too small for a 10 MB photo).
  function photoStore(mode, use) {
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
  }

  function clearDraft() {
    try { localStorage.removeItem(draftKey); } catch (e) { /* nothing kept */ }
    return photoStore('readwrite', function (store) { return store.delete(flow); });
  }

  // The page -----------------------------------------------------------------------------

  function section(step) { return document.querySelector('section[data-step="' + step + '"]'); }
  function stepOf(element) { var s = element.closest('section[data-step]'); return s ? s.dataset.step : null; }
  function modal(name) { return document.querySelector('[data-modal="' + name + '"]'); }

  // A step change (Continue, Back, a step sent back) moves focus to the new step's title, so
  // a keyboard or a screen reader starts there, not at the top of the body. Opening the page
  // moves nothing.
  function show(step, focus) {
    stepNames.forEach(function (name) { var s = section(name); if (s) s.hidden = name !== step; });
    draft.step = step;
    saveDraft();
    window.scrollTo(0, 0);
    var title = focus && section(step) && section(step).querySelector('.screen-title');
    if (title) title.focus();
  }

  function cards(step, name) { return section(step).querySelector('[data-cards="' + name + '"]'); }
  function control(step, name) { return section(step).querySelector('[name="' + name + '"]'); }

  function fieldNames(step) {
    var names = [];
    section(step).querySelectorAll('[name], [data-cards]').forEach(function (el) {
      names.push(el.getAttribute('name') || el.dataset.cards);
    });
    return names;
  }

  function readField(step, name) {
    var group = cards(step, name);
    if (group) {
      var on = group.querySelector('[aria-checked="true"]');
      return on ? on.dataset.value : '';
    }
    return control(step, name).value;
  }

  function writeField(step, name, value) {
    var group = cards(step, name);
    if (group) {
      group.querySelectorAll('[data-value]').forEach(function (card) {
        card.setAttribute('aria-checked', card.dataset.value === value ? 'true' : 'false');
      });
      rove(group);
      return;
    }
    var el = control(step, name);
    if (el.value !== value) el.value = value;
  }

  function readValues(step) {
    var values = {};
    fieldNames(step).forEach(function (name) { values[name] = readField(step, name); });
    return values;
  }

  function setMessage(step, kind, name, text) {
    var el = section(step).querySelector('[data-' + kind + '-for="' + name + '"]');
    if (!el) return;
    el.textContent = text || '';
    el.hidden = !text;
  }

  function showToast(message, seconds) {
    var toast = document.querySelector('.toast');
    toast.textContent = message;
    toast.hidden = false;
    clearTimeout(toastTimer);
    toastTimer = setTimeout(function () { toast.hidden = true; }, seconds * 1000);
  }

  // A dialog takes focus to its first button and keeps Tab inside it; closed, it gives focus
  // back to the control that opened it (a dialog opened from a dialog, to that one's).
  var openers = {};

  function openModal(name, opener) {
    var m = modal(name);
    var from = opener || document.activeElement;
    var within = from && from.closest && from.closest('[data-modal]');
    openers[name] = within ? openers[within.dataset.modal] : from;
    m.hidden = false;
    var button = m.querySelector('button');
    if (button) button.focus();
  }

  function closeModal(name, keepFocus) {
    modal(name).hidden = true;
    var opener = openers[name];
    delete openers[name];
    if (!keepFocus && opener && opener !== document.body && document.contains(opener)) opener.focus();
  }

  function openModalName() {
    var open = document.querySelector('[data-modal]:not([hidden])');
    return open ? open.dataset.modal : null;
  }

  function trapTab(event) {
    var name = openModalName();
    if (!name) return;
    var buttons = Array.prototype.filter.call(modal(name).querySelectorAll('button'), function (b) {
      return !b.disabled && !b.hidden;
    });
    if (!buttons.length) return;
    var first = buttons[0];
    var last = buttons[buttons.length - 1];
    var inside = modal(name).contains(document.activeElement);
    if (event.shiftKey && (!inside || document.activeElement === first)) { event.preventDefault(); last.focus(); }
    else if (!event.shiftKey && (!inside || document.activeElement === last)) { event.preventDefault(); first.focus(); }
  }

  function openAlert(alert, opener) {
    var m = modal('permission');
    m.querySelector('[data-role="title"]').textContent = alert.title;
    m.querySelector('[data-role="message"]').textContent = alert.message;
    m.querySelector('[data-action="alert-cancel"]').textContent = alert.cancelTitle;
    m.querySelector('[data-action="alert-settings"]').textContent = alert.settingsTitle;
    openModal('permission', opener);
  }

  // Talking to the server ----------------------------------------------------------------

  // How much is still to happen (tests wait for 0): edits waiting, requests queued or in flight.
  function updateBusy() { document.body.dataset.busy = String(inflight + queued + Object.keys(pending).length); }

  function post(url, body, contentType, method, signal, headers) {
    inflight += 1;
    updateBusy();
    var done = function () { inflight -= 1; updateBusy(); };
    return fetch(url, {
      method: method || 'POST',
      headers: Object.assign({ 'Content-Type': contentType || 'application/json' }, headers || {}),
      body: contentType ? body : JSON.stringify(body),
      signal: signal || undefined
    }).then(function (response) {
      return response.json().catch(function () { return null; }).then(function (json) {
        done();
        return { ok: response.ok, body: json };
      });
    }, function () {
      done();
      return { ok: false, body: null };
    });
  }

  function failed(result) {
    var detail = result && result.body && result.body.detail;
    showToast(detail || config.serverUnreachable, 3);
  }

  // One request at a time per step, in the order the person acted.
  function enqueue(step, task) {
    queued += 1;
    updateBusy();
    var settle = function () { queued -= 1; updateBusy(); };
    var next = (queues[step] || Promise.resolve()).then(task);
    next.then(settle, settle);
    queues[step] = next.catch(function () { /* shown already */ });
    return next;
  }

  function stepUrl(step) { return '/v1/report-steps/' + flow + '/' + step; }

  // An edit goes with what the model showed last (every other change is an edit of its own,
  // sent in order), so the model sees each change through its setter: a new species clears
  // the race. A refresh or Continue goes with what the page shows.
  function requestBody(step, action, editField) {
    var sd = stepDraft(step);
    var values = readValues(step);
    var base = Object.assign({}, values);
    if (editField) {
      Object.keys(sd.shown).forEach(function (name) { if (name in base) base[name] = sd.shown[name]; });
    }
    var body = { action: action, values: base, checked: sd.checked, location: sd.location };
    var sent = Object.assign({}, base);
    if (editField) {
      body.edit = { field: editField, value: values[editField] };
      sent[editField] = values[editField];
    }
    // What the model got for each field: a field that differs now has an edit still to come.
    return { body: body, sent: sent };
  }

  function applyAnswer(step, answer, sent) {
    var sd = stepDraft(step);
    Object.keys(answer.fields).forEach(function (name) {
      var field = answer.fields[name];
      // A field changed since (or not sent yet) keeps what the person did: its edit follows.
      if (!sent || readField(step, name) === sent[name]) writeField(step, name, field.value);
      sd.shown[name] = field.value;
      // A message an edit brings (a typed date put back) is read out where focus stays; after
      // Continue, focus goes to the first wrong field, whose description is its message.
      var error = section(step).querySelector('[data-error-for="' + name + '"]');
      if (answer.outcome === 'shown' && field.error && error && error.textContent !== field.error) {
        document.querySelector('[data-role="announcer"]').textContent = field.error;
      }
      setMessage(step, 'error', name, field.error);
      setMessage(step, 'helper', name, field.helper);
      var group = cards(step, name);
      if (group) {
        group.classList.toggle('invalid', !!field.error);
        return;
      }
      var el = control(step, name);
      el.disabled = field.disabled;
      if (el.tagName !== 'SELECT') el.placeholder = field.placeholder;
      el.setAttribute('aria-invalid', field.error ? 'true' : 'false');
    });
    sd.values = readValues(step);
    sd.checked = answer.checked;
    if (answer.location) {
      var box = section(step).querySelector('[data-location]');
      box.dataset.status = answer.location.status;
      box.querySelector('[data-role="location-helper"]').textContent = answer.location.helper;
      sd.location = answer.location.outcome;
    }
    saveDraft();
    if (answer.toast) showToast(answer.toast.message, answer.toast.seconds);
    // The location button was disabled while asking: the alert gives focus back to it.
    if (answer.location && answer.location.alert) {
      openAlert(answer.location.alert, section(step).querySelector('[data-action="locate"]'));
    }
  }

  function send(step, url, request) {
    return post(url, request.body, null, null, null, request.headers).then(function (result) {
      if (!result.ok || !result.body) { failed(result); return null; }
      applyAnswer(step, result.body, request.sent);
      return result.body;
    });
  }

  function scheduleEdit(step, field, delay) {
    var waiting = pending[step];
    if (waiting && waiting.field !== field) flushEdit(step);
    if (pending[step]) clearTimeout(pending[step].timer);
    pending[step] = { field: field, timer: setTimeout(function () { flushEdit(step); }, delay) };
    updateBusy();
    stepDraft(step).values = readValues(step);
    saveDraft();
  }

  function flushEdit(step) {
    var waiting = pending[step];
    if (!waiting) return queues[step] || Promise.resolve();
    clearTimeout(waiting.timer);
    delete pending[step];
    updateBusy();
    return enqueue(step, function () { return send(step, stepUrl(step), requestBody(step, 'edit', waiting.field)); });
  }

  function refresh(step) {
    return enqueue(step, function () { return send(step, stepUrl(step), requestBody(step, 'edit')); });
  }

  // Submit report sends the whole flow in one request: every step's values and the photo
  // (its bytes, once). The server checks every step again and, when all pass, stores the
  // report with its photo and answers with its id and the URL of its card; an earlier step
  // that no longer passes comes back as `backTo`.
  function continueForm(step) {
    // Submit report is disabled while its request is in flight (a second click sends nothing).
    var submit = step === config.submitStep && section(step).querySelector('[data-action="continue"]');
    if (submit && submit.disabled) return Promise.resolve();
    if (submit) submit.disabled = true;
    var stored = false;
    return flushEdit(step).then(function () {
      return enqueue(step, function () {
        var request = requestBody(step, 'continue');
        var submitting = step === config.submitStep;
        return (submitting ? photoData() : Promise.resolve(null)).then(function (photo) {
          if (submitting) {
            request.headers = { 'Idempotency-Key': draft.key };
            request.body.earlierSteps = {};
            config.earlierSteps.forEach(function (s) { request.body.earlierSteps[s] = stepDraft(s).values; });
            request.body.photo = photo;
          }
          return send(step, stepUrl(step), request);
        }).then(function (answer) {
          if (!answer) return;
          if (answer.backTo) {
            show(answer.backTo, true);
            if (kinds[answer.backTo] !== 'form') return;
            var back = stepDraft(answer.backTo);
            back.checked = back.values;
            refresh(answer.backTo);
          } else if (answer.outcome === 'advance') {
            if (answer.report && answer.report.stored) {
              // A submitted draft is gone: Back to this page (from the browser's cache) starts afresh.
              stored = submitted = true;
              keepOwnerToken(answer.report.id, answer.report.ownerToken);
              return clearDraft().then(function () { window.location.assign(answer.report.url); });
            }
            if (answer.report) { draft.report = answer.report; renderReport(); }
            show(answer.next, true);
          } else {
            var invalid = section(step).querySelector('[aria-invalid="true"], .cards.invalid .card');
            if (invalid) invalid.focus();
          }
        });
      });
    }).then(function () {
      if (submit && !stored) submit.disabled = false;
    }, function (error) {
      if (submit) submit.disabled = false;
      throw error;
    });
  }

  // The secret that lets this browser change the report it made (its card's Remove Report):
  // kept per report, where the card's script (pet.js) finds it.
  function keepOwnerToken(id, token) {
    if (!id || !token) return;
    try { window.localStorage.setItem('petspot.owner.' + id, token); } catch (e) { /* storage off: the card says who may change it */ }
  }

  // Request GPS position / Use current location: the server's source, or this browser's.
  function browserPosition() {
    return new Promise(function (resolve) {
      if (!navigator.geolocation) { resolve({ unsupported: true }); return; }
      navigator.geolocation.getCurrentPosition(function (position) {
        resolve({ latitude: position.coords.latitude, longitude: position.coords.longitude });
      }, function (error) {
        resolve({ errorCode: error.code });
      }, { enableHighAccuracy: true, timeout: config.locationTimeoutMs, maximumAge: config.maximumAgeMs });
    });
  }

  // While a request runs the button is disabled and Cancel location request shows: it stops
  // waiting (the server's request is aborted; the browser's late answer, if it ever comes, is
  // ignored), puts the helper back and gives the button back.
  var locating = {};

  function locate(step, button) {
    if (button.disabled) return;
    var box = section(step).querySelector('[data-location]');
    var helper = box.querySelector('[data-role="location-helper"]');
    var stop = box.querySelector('[data-action="cancel-locate"]');
    var run = {
      before: helper.textContent, status: box.dataset.status, counted: true,
      abort: window.AbortController ? new AbortController() : null
    };
    var settle = function () {
      if (run.counted) { run.counted = false; inflight -= 1; updateBusy(); }
    };
    run.finish = function (answer, cancelled) {
      if (locating[step] !== run) return;
      delete locating[step];
      settle();
      if (!answer) {
        helper.textContent = run.before;
        if (run.status) box.dataset.status = run.status; else delete box.dataset.status;
      }
      var refocus = cancelled || document.activeElement === stop;
      stop.hidden = true;
      button.disabled = false;
      if (refocus) button.focus();
      if (cancelled && run.abort) run.abort.abort();
    };
    locating[step] = run;
    button.disabled = true;
    stop.hidden = false;
    stop.focus();
    box.dataset.status = 'inFlight';
    helper.textContent = config.inFlightHelper;
    inflight += 1;
    updateBusy();
    flushEdit(step).then(function () {
      return config.locationSource === 'browser' ? browserPosition() : null;
    }).then(function (browser) {
      if (locating[step] !== run) return null; // cancelled: the late answer is not sent
      settle();
      return enqueue(step, function () {
        if (locating[step] !== run) return null;
        var request = requestBody(step, 'edit');
        delete request.body.action;
        if (browser) request.body.browser = browser;
        return post(stepUrl(step) + '/location', request.body, null, null, run.abort && run.abort.signal)
          .then(function (result) {
            if (locating[step] !== run) return null;
            if (!result.ok || !result.body) { failed(result); return null; }
            applyAnswer(step, result.body, request.sent);
            return result.body;
          });
      });
    }).then(function (answer) { run.finish(answer, false); });
  }

  function cancelLocate(step) {
    if (locating[step]) locating[step].finish(null, true);
  }

  // Photo steps ---------------------------------------------------------------------------

  // A photo step is decided on the file's first bytes (its format) and its size: the photo
  // itself goes once, with Submit report.
  function photoUrl(action, filename, size) {
    return '/v1/report-photos/' + flow + '?action=' + action +
      (filename ? '&filename=' + encodeURIComponent(filename) + '&byteCount=' + size : '');
  }

  function photoHead(blob) { return blob.slice(0, 64); }

  // The draft's photo for Submit report: its name and its bytes in base64.
  function photoData() {
    if (!photoBlob || !draft.photo) return Promise.resolve(null);
    return new Promise(function (resolve) {
      var reader = new FileReader();
      reader.onload = function () {
        var url = String(reader.result);
        resolve({ filename: draft.photo.filename, data: url.slice(url.indexOf(',') + 1) });
      };
      reader.onerror = function () { resolve(null); };
      reader.readAsDataURL(photoBlob);
    });
  }

  function showPhoto(step, loadingName) {
    var s = section(step);
    var card = s.querySelector('[data-role="photo-card"]');
    var name = loadingName || (draft.photo && draft.photo.filename);
    s.querySelector('[data-role="photo-empty"]').hidden = !!name;
    card.hidden = !name;
    card.classList.toggle('loading', !!loadingName);
    if (!name) return;
    s.querySelector('[data-role="photo-name"]').textContent = name;
    s.querySelector('[data-role="photo-size"]').textContent = loadingName ? config.photoLoading : draft.photo.sizeText;
    var img = s.querySelector('[data-role="photo-preview"]');
    if (previewUrl) URL.revokeObjectURL(previewUrl);
    previewUrl = !loadingName && photoBlob ? URL.createObjectURL(photoBlob) : null;
    img.hidden = !previewUrl;
    img.onerror = function () { img.hidden = true; }; // a format this browser cannot draw (HEIC)
    if (previewUrl) img.src = previewUrl; else img.removeAttribute('src');
  }

  // The zone a photo is picked from hides while the photo loads and once it is shown: focus
  // goes to the photo's summary, or back to Browse when there is none (refused, removed).
  function focusPhoto(step) {
    var s = section(step);
    var active = document.activeElement;
    if (active && active !== document.body && !s.contains(active)) return; // the person moved on
    var card = s.querySelector('[data-role="photo-card"]');
    (card.hidden ? s.querySelector('input[type="file"]') : card).focus();
  }

  function pickPhoto(step, file) {
    showPhoto(step, file.name);
    focusPhoto(step);
    post(photoUrl('pick', file.name, file.size), photoHead(file), 'application/octet-stream').then(function (result) {
      var answer = result.body;
      if (result.ok && answer && answer.photo) {
        photoBlob = file;
        draft.photo = answer.photo;
        saveDraft();
        photoStore('readwrite', function (store) { return store.put(file, flow); });
      }
      showPhoto(step);
      if (!result.ok || !answer) {
        setMessage(step, 'error', 'photo', (answer && answer.detail) || config.serverUnreachable);
      } else {
        setMessage(step, 'error', 'photo', answer.error);
      }
      focusPhoto(step);
    });
  }

  function removePhoto(step) {
    photoBlob = null;
    draft.photo = null;
    saveDraft();
    photoStore('readwrite', function (store) { return store.delete(flow); });
    setMessage(step, 'error', 'photo', null);
    showPhoto(step);
    focusPhoto(step);
  }

  function continuePhoto(step) {
    var has = photoBlob && draft.photo;
    post(photoUrl('continue', has ? draft.photo.filename : null, has ? photoBlob.size : 0),
      has ? photoHead(photoBlob) : new Blob([]), 'application/octet-stream').then(function (result) {
      var answer = result.body;
      if (!result.ok || !answer) { failed(result); return; }
      if (answer.toast) showToast(answer.toast.message, answer.toast.seconds);
      setMessage(step, 'error', 'photo', answer.error);
      if (answer.outcome === 'advance') show(answer.next, true);
    });
  }

  // The report at the end -----------------------------------------------------------------

  function renderReport() {
    var report = draft.report;
    if (!report) return;
    document.querySelectorAll('[data-role="report"]').forEach(function (box) {
      box.querySelector('[data-role="report-notice"]').textContent = report.notice;
      box.querySelector('[data-role="report-payload"]').textContent = JSON.stringify(report.payload, null, 2);
      box.querySelector('[data-role="report-photo"]').textContent =
        draft.photo ? draft.photo.filename + ' \u00b7 ' + draft.photo.sizeText : '';
    });
    saveDraft();
  }

  function startOver() {
    clearDraft().then(function () { window.location.reload(); });
  }

  function back(step) {
    var index = stepNames.indexOf(step);
    if (index > 0) show(stepNames[index - 1], true);
  }

  // What the person does --------------------------------------------------------------------

  // Female and Male are a radio group: one Tab stop (the chosen card, else the first), the
  // arrow keys move to the other card and choose it.
  function rove(group) {
    var all = Array.prototype.slice.call(group.querySelectorAll('.card'));
    var on = group.querySelector('.card[aria-checked="true"]') || all[0];
    all.forEach(function (c) { c.tabIndex = c === on ? 0 : -1; });
  }

  function choose(card) {
    var group = card.closest('[data-cards]');
    group.querySelectorAll('.card').forEach(function (c) { c.setAttribute('aria-checked', c === card ? 'true' : 'false'); });
    rove(group);
    scheduleEdit(stepOf(card), group.dataset.cards, 0);
  }

  var arrows = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

  function arrowCard(card, key) {
    var all = Array.prototype.slice.call(card.closest('[data-cards]').querySelectorAll('.card'));
    var next = all[(all.indexOf(card) + arrows[key] + all.length) % all.length];
    next.focus();
    choose(next);
  }

  document.addEventListener('click', function (event) {
    var card = event.target.closest('.card');
    if (card) { choose(card); return; }
    var button = event.target.closest('[data-action]');
    if (!button) return;
    var step = stepOf(button);
    switch (button.dataset.action) {
      case 'continue':
        if (kinds[step] === 'photo') continuePhoto(step); else continueForm(step);
        break;
      case 'back': back(step); break;
      case 'locate': locate(step, button); break;
      case 'cancel-locate': cancelLocate(step); break;
      case 'remove-photo': removePhoto(step); break;
      case 'cancel': openModal('cancel'); break;
      case 'cancel-keep': closeModal('cancel'); break;
      case 'cancel-confirm': closeModal('cancel', true); startOver(); break;
      case 'start-over': startOver(); break;
      case 'alert-cancel': closeModal('permission'); break;
      case 'alert-settings':
        var opener = openers.permission;
        closeModal('permission', true);
        openModal('settings', opener);
        break;
      case 'settings-close': closeModal('settings'); break;
    }
  });

  document.addEventListener('input', function (event) {
    var el = event.target;
    if (!el.name || !stepOf(el)) return;
    scheduleEdit(stepOf(el), el.name, 300);
  });

  document.addEventListener('change', function (event) {
    var el = event.target;
    var step = stepOf(el);
    if (!step) return;
    if (el.type === 'file') {
      if (el.files && el.files[0]) pickPhoto(step, el.files[0]);
      el.value = '';
      return;
    }
    if (!el.name) return;
    var waiting = pending[step];
    // Leaving a field whose edit went already (the browser's change event) sends nothing.
    if (!(waiting && waiting.field === el.name) && stepDraft(step).shown[el.name] === el.value) return;
    scheduleEdit(step, el.name, 0);
  });

  // The keyboard: Escape closes a dialog, Tab stays inside one, the arrows move between the
  // cards of a radio group, and Enter in a one-line field is the step's Continue (a text area
  // keeps Enter for its line breaks).
  document.addEventListener('keydown', function (event) {
    var el = event.target;
    if (event.key === 'Escape') {
      ['permission', 'settings', 'cancel'].forEach(function (name) { if (!modal(name).hidden) closeModal(name); });
      return;
    }
    if (event.key === 'Tab') { trapTab(event); return; }
    if (arrows[event.key] && el.classList && el.classList.contains('card') && el.closest('[data-cards]')) {
      event.preventDefault();
      arrowCard(el, event.key);
      return;
    }
    if (event.key === 'Enter' && el.tagName === 'INPUT' && el.type !== 'file' && !event.isComposing) {
      var s = el.closest('section[data-step]');
      var next = s && s.querySelector('[data-action="continue"]');
      if (!next) return;
      event.preventDefault();
      next.click();
    }
  });

  // Opening the page: the draft as it was left ----------------------------------------------

  function start() {
    if (staleDraft) clearDraft(); // its photo's bytes go too
    var photo = draft.photo
      ? photoStore('readonly', function (store) { return store.get(flow); })
      : Promise.resolve(null);
    photo.then(function (blob) {
      photoBlob = blob;
      if (!blob && draft.photo) draft.photo = null; // the bytes are gone: as a failed load, no message
      document.querySelectorAll('[data-cards]').forEach(rove);
      config.steps.forEach(function (s) {
        if (s.kind === 'photo') showPhoto(s.name);
        if (s.kind !== 'form') return;
        var saved = draft.steps[s.name];
        if (!saved) { stepDraft(s.name).shown = readValues(s.name); return; }
        Object.keys(saved.values).forEach(function (name) { writeField(s.name, name, saved.values[name]); });
        refresh(s.name);
      });
      renderReport();
      var step = stepNames.indexOf(draft.step) >= 0 ? draft.step : stepNames[0];
      if (kinds[step] === 'preview' && !draft.report) step = stepNames[0];
      show(step);
      updateBusy();
      document.body.dataset.ready = 'true';
    });
  }

  // Back from the report's card may show this page from the browser's cache, the submitted
  // draft still on screen: load it again instead, which starts a new draft.
  window.addEventListener('pageshow', function (event) {
    if (event.persisted && submitted) window.location.reload();
  });

  start();
})();
