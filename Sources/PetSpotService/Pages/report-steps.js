// Talking to a report page's step API (an ES module report.js imports; no build step): one
// request at a time per step, in the order the person acted; edits debounced and sent with
// what the model showed last; each answer drawn into the step (values, messages, the toast,
// the location outcome); body[data-busy] counts what is still to happen, for the tests.
import {
  cards, control, openAlert, readField, readValues, section, setMessage, showToast, writeField
} from './report-dom.js';

/**
 * The step API of the page with `config` and `drafts` (report-draft.js). Returns `{post,
 * failed, enqueue, stepUrl, requestBody, applyAnswer, send, scheduleEdit, flushEdit, refresh,
 * busy(delta), pendingField(step), updateBusy}`.
 */
export function stepRequests(config, drafts) {
  var flow = config.flow;
  var stepDraft = drafts.step;
  var saveDraft = drafts.save;
  var queues = {};
  var pending = {};
  var inflight = 0;
  var queued = 0;

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

  return {
    post: post, failed: failed, enqueue: enqueue, stepUrl: stepUrl, requestBody: requestBody,
    applyAnswer: applyAnswer, send: send, scheduleEdit: scheduleEdit, flushEdit: flushEdit, refresh: refresh,
    updateBusy: updateBusy,
    busy: function (delta) { inflight += delta; updateBusy(); },
    pendingField: function (step) { return pending[step] ? pending[step].field : null; }
  };
}
