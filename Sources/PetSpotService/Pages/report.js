// The report pages' script. It shows one step at a time, keeps the draft in this browser
// (report-draft.js), and asks the step API for everything a rule decides: field errors and
// helper texts, the toast, whether a step advances, the location outcome (report-location.js).
// It holds no rule and no message of its own: the words it shows come from the server (the
// page's data-config and the answers). An ES module, with the document's helpers in
// report-dom.js, the step API's requests in report-steps.js and the photo step in
// report-photo.js (no build step).
import { keepOwnerToken } from './owner.js';
import { openDraft } from './report-draft.js';
import {
  choose, closeModal, handleKeys, openModal, openerOf, readValues, rove, section, stepOf, writeField
} from './report-dom.js';
import { locationButtons } from './report-location.js';
import { photoSteps } from './report-photo.js';
import { stepRequests } from './report-steps.js';

var config = JSON.parse(document.body.dataset.config);
var stepNames = config.steps.map(function (s) { return s.name; });
var kinds = {};
config.steps.forEach(function (s) { kinds[s.name] = s.kind; });
var drafts = openDraft(config);
var { draft, save: saveDraft, step: stepDraft } = drafts;
var api = stepRequests(config, drafts);
var { enqueue, flushEdit, scheduleEdit, refresh, requestBody, send, stepUrl } = api;
var submitted = false;

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

// Submit report sends the whole flow in one request: every step's values as the person left
// them and the photo (its bytes, once); nothing the server answered before. The server checks
// every step again and, when all pass, stores the report with its photo and answers with its
// id and the URL of its card; an earlier step that no longer passes comes back as `backTo`.
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
      return (submitting ? photos.photoData() : Promise.resolve(null)).then(function (photo) {
        if (submitting) {
          // What the person entered, once: no earlier answer of the server's goes back with it.
          var earlier = {};
          config.earlierSteps.forEach(function (s) { earlier[s] = stepDraft(s).values; });
          request.headers = { 'Idempotency-Key': draft.key };
          request.body = { action: 'continue', values: request.body.values, earlierSteps: earlier, photo: photo };
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
            return drafts.clear().then(function () { window.location.assign(answer.report.url); });
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

var photos = photoSteps({ config: config, drafts: drafts, post: api.post, failed: api.failed, show: show });
var position = locationButtons(Object.assign({ config: config }, api));

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
  drafts.clear().then(function () { window.location.reload(); });
}

function back(step) {
  var index = stepNames.indexOf(step);
  if (index > 0) show(stepNames[index - 1], true);
}

// What the person does --------------------------------------------------------------------

function chosen(step, field) { scheduleEdit(step, field, 0); }

document.addEventListener('click', function (event) {
  var card = event.target.closest('.card');
  if (card) { choose(card, chosen); return; }
  var button = event.target.closest('[data-action]');
  if (!button) return;
  var step = stepOf(button);
  switch (button.dataset.action) {
    case 'continue':
      if (kinds[step] === 'photo') photos.continuePhoto(step); else continueForm(step);
      break;
    case 'back': back(step); break;
    case 'locate': position.locate(step, button); break;
    case 'cancel-locate': position.cancelLocate(step); break;
    case 'remove-photo': photos.removePhoto(step); break;
    case 'cancel': openModal('cancel'); break;
    case 'cancel-keep': closeModal('cancel'); break;
    case 'cancel-confirm': closeModal('cancel', true); startOver(); break;
    case 'start-over': startOver(); break;
    case 'alert-cancel': closeModal('permission'); break;
    case 'alert-settings':
      var opener = openerOf('permission');
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
    if (el.files && el.files[0]) photos.pickPhoto(step, el.files[0]);
    el.value = '';
    return;
  }
  if (!el.name) return;
  // Leaving a field whose edit went already (the browser's change event) sends nothing.
  if (api.pendingField(step) !== el.name && stepDraft(step).shown[el.name] === el.value) return;
  scheduleEdit(step, el.name, 0);
});

handleKeys(chosen);

// Opening the page: the draft as it was left ----------------------------------------------

function start() {
  if (drafts.stale) drafts.clear(); // its photo's bytes go too
  photos.restore().then(function () {
    document.querySelectorAll('[data-cards]').forEach(rove);
    config.steps.forEach(function (s) {
      if (s.kind === 'photo') photos.showPhoto(s.name);
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
    api.updateBusy();
    document.body.dataset.ready = 'true';
  });
}

// Back from the report's card may show this page from the browser's cache, the submitted
// draft still on screen: load it again instead, which starts a new draft.
window.addEventListener('pageshow', function (event) {
  if (event.persisted && submitted) window.location.reload();
});

start();
