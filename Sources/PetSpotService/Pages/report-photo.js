// A report flow's photo step (an ES module report.js imports; no build step). A photo step is
// decided on the file's first bytes (its format) and its size: the photo itself goes once,
// with Submit report. The bytes stay in the draft's IndexedDB store.
import { section, setMessage, showToast } from './report-dom.js';

/**
 * The photo step of the page `page`: `{config, drafts, post, failed, show}` (the page's
 * settings, its draft, the step API's request, what a failed one shows, a step change).
 * Returns `{restore, showPhoto, pickPhoto, removePhoto, continuePhoto, photoData}`.
 */
export function photoSteps(page) {
  var config = page.config;
  var flow = config.flow;
  var drafts = page.drafts;
  var photoBlob = null;
  var previewUrl = null;

  function photoUrl(action, filename, size) {
    return '/v1/report-photos/' + flow + '?action=' + action +
      (filename ? '&filename=' + encodeURIComponent(filename) + '&byteCount=' + size : '');
  }

  function photoHead(blob) { return blob.slice(0, 64); }

  // The draft's photo for Submit report: its name and its bytes in base64.
  function photoData() {
    var draft = drafts.draft;
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

  // The draft's photo read back from IndexedDB when the page opens; gone bytes are as a failed
  // load, without a message.
  function restore() {
    var draft = drafts.draft;
    var kept = draft.photo
      ? drafts.photos('readonly', function (store) { return store.get(flow); })
      : Promise.resolve(null);
    return kept.then(function (blob) {
      photoBlob = blob;
      if (!blob && draft.photo) draft.photo = null;
    });
  }

  function showPhoto(step, loadingName) {
    var draft = drafts.draft;
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
    page.post(photoUrl('pick', file.name, file.size), photoHead(file), 'application/octet-stream').then(function (result) {
      var answer = result.body;
      if (result.ok && answer && answer.photo) {
        photoBlob = file;
        drafts.draft.photo = answer.photo;
        drafts.save();
        drafts.photos('readwrite', function (store) { return store.put(file, flow); });
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
    drafts.draft.photo = null;
    drafts.save();
    drafts.photos('readwrite', function (store) { return store.delete(flow); });
    setMessage(step, 'error', 'photo', null);
    showPhoto(step);
    focusPhoto(step);
  }

  function continuePhoto(step) {
    var draft = drafts.draft;
    var has = photoBlob && draft.photo;
    page.post(photoUrl('continue', has ? draft.photo.filename : null, has ? photoBlob.size : 0),
      has ? photoHead(photoBlob) : new Blob([]), 'application/octet-stream').then(function (result) {
      var answer = result.body;
      if (!result.ok || !answer) { page.failed(result); return; }
      if (answer.toast) showToast(answer.toast.message, answer.toast.seconds);
      setMessage(step, 'error', 'photo', answer.error);
      if (answer.outcome === 'advance') page.show(answer.next, true);
    });
  }

  return {
    restore: restore, showPhoto: showPhoto, pickPhoto: pickPhoto, removePhoto: removePhoto,
    continuePhoto: continuePhoto, photoData: photoData
  };
}
