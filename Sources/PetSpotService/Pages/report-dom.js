// The report pages' document (an ES module report.js imports; no build step): a step's
// section and fields read and written by name, its messages, the toast, the dialogs (focus
// in and back, Tab kept inside) and the radio groups of cards. No rule and no words of its
// own: the words come from the server.

var toastTimer = null;
// The control that opened each dialog, where focus goes back when it closes.
var openers = {};

/** The section of step `step`. */
export function section(step) { return document.querySelector('section[data-step="' + step + '"]'); }

/** The name of the step `element` is in, or null. */
export function stepOf(element) { var s = element.closest('section[data-step]'); return s ? s.dataset.step : null; }

/** The dialog `name`. */
export function modal(name) { return document.querySelector('[data-modal="' + name + '"]'); }

/** The radio group of cards of field `name`, or null. */
export function cards(step, name) { return section(step).querySelector('[data-cards="' + name + '"]'); }

/** The control of field `name` (an input, select or text area), or null. */
export function control(step, name) { return section(step).querySelector('[name="' + name + '"]'); }

function fieldNames(step) {
  var names = [];
  section(step).querySelectorAll('[name], [data-cards]').forEach(function (el) {
    names.push(el.getAttribute('name') || el.dataset.cards);
  });
  return names;
}

/** What field `name` of `step` holds now: its text, or its chosen card's value. */
export function readField(step, name) {
  var group = cards(step, name);
  if (group) {
    var on = group.querySelector('[aria-checked="true"]');
    return on ? on.dataset.value : '';
  }
  return control(step, name).value;
}

/** Shows `value` in field `name` of `step`. */
export function writeField(step, name, value) {
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

/** Every field of `step`, by name. */
export function readValues(step) {
  var values = {};
  fieldNames(step).forEach(function (name) { values[name] = readField(step, name); });
  return values;
}

/** The `kind` (error, helper) message of field `name`: shown, or hidden when empty. */
export function setMessage(step, kind, name, text) {
  var el = section(step).querySelector('[data-' + kind + '-for="' + name + '"]');
  if (!el) return;
  el.textContent = text || '';
  el.hidden = !text;
}

/** The toast, for `seconds`. */
export function showToast(message, seconds) {
  var toast = document.querySelector('.toast');
  toast.textContent = message;
  toast.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(function () { toast.hidden = true; }, seconds * 1000);
}

/**
 * Opens dialog `name`: focus to its first button; closed, focus goes back to `opener` (the
 * focused control by default; a dialog opened from a dialog gives it back to that one's).
 */
export function openModal(name, opener) {
  var m = modal(name);
  var from = opener || document.activeElement;
  var within = from && from.closest && from.closest('[data-modal]');
  openers[name] = within ? openers[within.dataset.modal] : from;
  m.hidden = false;
  var button = m.querySelector('button');
  if (button) button.focus();
}

/** Closes dialog `name`, focus back to its opener unless `keepFocus`. */
export function closeModal(name, keepFocus) {
  modal(name).hidden = true;
  var opener = openers[name];
  delete openers[name];
  if (!keepFocus && opener && opener !== document.body && document.contains(opener)) opener.focus();
}

/** The control that opened dialog `name`. */
export function openerOf(name) { return openers[name]; }

/** Tab (and Shift+Tab) stays inside the open dialog, if any. */
export function trapTab(event) {
  var open = document.querySelector('[data-modal]:not([hidden])');
  if (!open) return;
  var buttons = Array.prototype.filter.call(open.querySelectorAll('button'), function (b) {
    return !b.disabled && !b.hidden;
  });
  if (!buttons.length) return;
  var first = buttons[0];
  var last = buttons[buttons.length - 1];
  var inside = open.contains(document.activeElement);
  if (event.shiftKey && (!inside || document.activeElement === first)) { event.preventDefault(); last.focus(); }
  else if (!event.shiftKey && (!inside || document.activeElement === last)) { event.preventDefault(); first.focus(); }
}

/** The location permission alert with the server's words, focus back to `opener`. */
export function openAlert(alert, opener) {
  var m = modal('permission');
  m.querySelector('[data-role="title"]').textContent = alert.title;
  m.querySelector('[data-role="message"]').textContent = alert.message;
  m.querySelector('[data-action="alert-cancel"]').textContent = alert.cancelTitle;
  m.querySelector('[data-action="alert-settings"]').textContent = alert.settingsTitle;
  openModal('permission', opener);
}

// Female and Male are a radio group: one Tab stop (the chosen card, else the first), the
// arrow keys move to the other card and choose it.

/** The group's one Tab stop: its chosen card, else its first. */
export function rove(group) {
  var all = Array.prototype.slice.call(group.querySelectorAll('.card'));
  var on = group.querySelector('.card[aria-checked="true"]') || all[0];
  all.forEach(function (c) { c.tabIndex = c === on ? 0 : -1; });
}

/** Chooses `card` in its group; `chosen(step, field)` is told. */
export function choose(card, chosen) {
  var group = card.closest('[data-cards]');
  group.querySelectorAll('.card').forEach(function (c) { c.setAttribute('aria-checked', c === card ? 'true' : 'false'); });
  rove(group);
  chosen(stepOf(card), group.dataset.cards);
}

var arrows = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/**
 * The keyboard: Escape closes a dialog, Tab stays inside one, the arrows move between the
 * cards of a radio group (choosing, as `choose` with `chosen`), and Enter in a one-line field
 * is the step's Continue (a text area keeps Enter for its line breaks).
 */
export function handleKeys(chosen) {
  document.addEventListener('keydown', function (event) {
    var el = event.target;
    if (event.key === 'Escape') {
      ['permission', 'settings', 'cancel'].forEach(function (name) { if (!modal(name).hidden) closeModal(name); });
      return;
    }
    if (event.key === 'Tab') { trapTab(event); return; }
    if (arrows[event.key] && el.classList && el.classList.contains('card') && el.closest('[data-cards]')) {
      event.preventDefault();
      var all = Array.prototype.slice.call(el.closest('[data-cards]').querySelectorAll('.card'));
      var card = all[(all.indexOf(el) + arrows[event.key] + all.length) % all.length];
      card.focus();
      choose(card, chosen);
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
}
