// The Pet details page's script: asks GET /v1/reports/{id}/card and draws the card's texts
// (all made by PetDetailsCard on the server), or the error with Retry; Remove Report asks,
// then DELETE /v1/reports/{id} with the owner token this browser kept (or says who may change
// the report); Share shares or copies the card's link. It writes outside text only through
// textContent. An ES module (no build step): the owner token from owner.js, Share and the back
// arrow from share.js.
import { forgetOwnerToken, ownerAuthorization, takeOwnerTokenFromLink } from './owner.js';
import { backToList, shareCard } from './share.js';

var body = document.body;
var id = body.dataset.petId;
var toastTimer = null;

function part(role) { return document.querySelector('[data-role="' + role + '"]'); }
function modal(name) { return document.querySelector('[data-modal="' + name + '"]'); }

// loading, loaded, error, removed: one of them on screen.
function setState(state) {
  body.dataset.state = state;
  part('loading').hidden = state !== 'loading';
  part('error').hidden = state !== 'error';
  part('removed').hidden = state !== 'removed';
  part('card').hidden = state !== 'loaded';
}

function showToast(message) {
  var toast = document.querySelector('.toast');
  toast.textContent = message;
  toast.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(function () { toast.hidden = true; }, 3000);
}

function cardUrl() { return '/v1/reports/' + encodeURIComponent(id) + '/card'; }

function load() {
  setState('loading');
  // The owner's token (if this browser has it) shows them their report's exact place;
  // anyone else is shown the area (the grid cell) the public sees.
  var headers = Object.assign({ Accept: 'application/json' }, ownerAuthorization(id));
  fetch(cardUrl(), { headers: headers }).then(function (response) {
    if (!response.ok) {
      // Not in the store (reason reportNotFound): Retry cannot bring it back. Anything else
      // (no store here, the server away) may pass.
      return response.json().then(function (problem) {
        if (problem.reason !== 'reportNotFound') throw new Error(String(response.status));
        return null;
      });
    }
    return response.json();
  }).then(function (card) {
    if (card) { draw(card); return; }
    var message = document.querySelector('[data-role="removed-message"]');
    message.textContent = message.dataset.gone;
    setState('removed');
  }, function () { setState('error'); });
}

function photo(card) {
  var img = part('photo');
  var none = part('no-image');
  none.textContent = card.imageNotAvailable;
  var fail = function () { img.hidden = true; none.hidden = false; };
  if (!card.photoUrl) { fail(); return; }
  img.onload = function () { img.hidden = false; none.hidden = true; };
  img.onerror = fail; // a photo that does not load (or is not on this server) is the placeholder
  fail();
  img.src = card.photoUrl;
}

function contactLink(field) {
  var link = document.createElement('a');
  link.href = field.href;
  link.textContent = field.value;
  if (field.id) link.dataset.testid = field.id;
  return link;
}

// A stranger's contact row: a button that asks GET /v1/reports/{id}/contact (the contacts are
// not in the card, the page or any list), then shows that row as the owner's card does. The
// answer is kept for the other rows; a refusal (closed report, too many asked) is a toast.
var contacts = null;
function revealButton(field, value) {
  var button = document.createElement('button');
  button.type = 'button';
  button.className = 'reveal';
  button.textContent = field.reveal.title;
  button.dataset.testid = field.reveal.id;
  button.addEventListener('click', function () {
    var asked = contacts || fetch('/v1/reports/' + encodeURIComponent(id) + '/contact', {
      headers: Object.assign({ Accept: 'application/json' }, ownerAuthorization(id))
    }).then(function (response) {
      return response.json().then(function (answer) {
        if (!response.ok) throw new Error(answer.detail || String(response.status));
        return answer;
      });
    });
    contacts = asked;
    asked.then(function (answer) {
      var row = answer.fields.filter(function (one) { return one.field === field.field; })[0];
      if (!row) return;
      value.textContent = '';
      if (row.href) value.appendChild(contactLink(row));
      else value.textContent = row.value;
    }).catch(function (error) {
      contacts = null;
      showToast(error && error.message ? error.message : body.dataset.unreachable);
    });
  });
  return button;
}

function draw(card) {
  photo(card);
  var status = part('status');
  status.textContent = card.status.text;
  status.dataset.color = card.status.color;
  var reward = part('reward');
  reward.hidden = !card.reward;
  reward.textContent = card.reward ? '\ud83d\udcb0 ' + card.reward : '';
  var list = part('fields');
  list.textContent = '';
  card.fields.forEach(function (field) {
    var row = document.createElement('div');
    row.className = 'card-field' + (field.truncated ? ' short' : '') + (field.multiline ? ' long' : '') +
      (field.half ? ' half' : '');
    var label = document.createElement('dt');
    label.textContent = field.label;
    var value = document.createElement('dd');
    value.dir = 'auto'; // right-to-left text reads right to left, isolated from the rest
    if (field.empty) value.className = 'dash';
    if (field.reveal) {
      value.appendChild(revealButton(field, value));
    } else if (field.href) {
      value.appendChild(contactLink(field));
    } else {
      value.textContent = field.value;
      if (field.truncated) value.title = field.value;
    }
    value.dataset.label = field.label;
    row.appendChild(label);
    row.appendChild(value);
    list.appendChild(row);
  });
  var note = part('match-note');
  note.hidden = !card.matchNote;
  note.textContent = card.matchNote || '';
  var map = part('map');
  var noMap = part('no-map');
  map.hidden = !card.map.url;
  noMap.hidden = !!card.map.url;
  if (card.map.url) {
    // The service's own map when it has one for the report (same tab: Back returns here).
    map.href = card.map.page || card.map.url;
    map.textContent = card.map.title;
    if (card.map.page) { map.removeAttribute('target'); }
  }
  noMap.textContent = card.map.url ? '' : card.map.empty;
  var actions = part('status-actions');
  actions.textContent = '';
  (card.actions || []).forEach(function (action) {
    var button = document.createElement('button');
    button.type = 'button';
    button.dataset.action = 'set-status';
    button.dataset.status = action.status;
    button.dataset.testid = action.id;
    button.textContent = action.title;
    actions.appendChild(button);
  });
  setState('loaded');
  expandable();
  loadMatches();
}

// A short field the ellipsis cuts (FR-014) becomes a button: tapped, clicked or activated
// by keyboard it shows the whole text (aria-expanded), which a hover tooltip alone never
// did on a touch screen. Fields that fit stay plain text.
function expandable() {
  document.querySelectorAll('.card-field.short dd').forEach(function (value) {
    if (value.querySelector('a, button') || value.scrollWidth <= value.clientWidth) return;
    var button = document.createElement('button');
    button.type = 'button';
    button.className = 'full-text';
    button.dataset.action = 'full-text';
    button.dataset.testid = 'petDetails.' + camel(value.dataset.label) + '.tap';
    button.setAttribute('aria-expanded', 'false');
    button.textContent = value.textContent;
    value.textContent = '';
    value.appendChild(button);
  });
}

// "Animal Race" → "animalRace": the row's identifier part.
function camel(label) {
  return label.split(/[^A-Za-z]+/).filter(Boolean).map(function (word, index) {
    return index === 0 ? word.toLowerCase() : word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();
  }).join('');
}

// Possible matches (a found report's likely missing reports): links to their cards; the
// section stays hidden when there are none or they cannot be had.
function loadMatches() {
  var section = part('matches');
  var list = part('match-list');
  fetch('/v1/reports/' + encodeURIComponent(id) + '/matches', { headers: { Accept: 'application/json' } })
    .then(function (response) { return response.ok ? response.json() : { matches: [] }; })
    .then(function (answer) {
      list.textContent = '';
      answer.matches.forEach(function (match) {
        var item = document.createElement('li');
        var link = document.createElement('a');
        link.href = match.url;
        link.dataset.testid = 'petDetails.match.tap';
        link.className = 'match-title'; // cut to its line like the card's short fields, whole in its title
        link.dir = 'auto';
        link.textContent = link.title = match.title;
        var line = document.createElement('span');
        line.className = 'match-line';
        line.textContent = match.distance + (match.date ? ' \u00b7 ' + match.date : '');
        item.appendChild(link);
        item.appendChild(line);
        list.appendChild(item);
      });
      section.hidden = answer.matches.length === 0;
    }, function () { section.hidden = true; });
}

// Mark as Found, Close Report, Reopen Report: PATCH as this browser's owner token allows,
// then the card again (its badge and buttons follow the new status).
function setStatus(status) {
  change({ method: 'PATCH', body: JSON.stringify({ status: status }) }, load);
}

// A change of this report (PATCH, DELETE) with the owner token this browser kept: `done`
// when it is made; else what stopped it, in a toast — who may change the report (401/403),
// the server's problem, or that the server did not answer. The card stays as it is.
function change(request, done) {
  request.headers = ownerAuthorization(id);
  if (request.body) request.headers['Content-Type'] = 'application/json';
  fetch('/v1/reports/' + encodeURIComponent(id), request).then(function (response) {
    if (response.ok) { done(); return null; }
    if (response.status === 401 || response.status === 403) { showToast(body.dataset.notOwner); return null; }
    return response.json().then(function (problem) { showToast(problem.detail); });
  }).catch(function () { showToast(body.dataset.unreachable); });
}

function remove() {
  closeQuestion(true);
  change({ method: 'DELETE' }, function () {
    forgetOwnerToken(id);
    setState('removed');
  });
}

// Remove Report's question: focus on its first button, Tab kept inside, and back to Remove
// Report when it closes.
function openQuestion() {
  modal('remove').hidden = false;
  modal('remove').querySelector('button').focus();
}

function closeQuestion(keepFocus) {
  if (modal('remove').hidden) return;
  modal('remove').hidden = true;
  if (!keepFocus) document.querySelector('[data-action="remove"]').focus();
}

document.addEventListener('click', function (event) {
  var button = event.target.closest('[data-action]');
  if (!button) return;
  switch (button.dataset.action) {
    case 'retry': load(); break;
    case 'back': backToList(); break;
    case 'share': shareCard(showToast, body.dataset); break;
    case 'remove': openQuestion(); break;
    case 'remove-keep': closeQuestion(); break;
    case 'remove-confirm': remove(); break;
    case 'set-status': setStatus(button.dataset.status); break;
    case 'full-text':
      button.setAttribute('aria-expanded', button.getAttribute('aria-expanded') === 'true' ? 'false' : 'true');
      break;
  }
});

document.addEventListener('keydown', function (event) {
  if (event.key === 'Escape') closeQuestion();
  if (event.key !== 'Tab' || modal('remove').hidden) return;
  var buttons = modal('remove').querySelectorAll('button');
  var first = buttons[0];
  var last = buttons[buttons.length - 1];
  var inside = modal('remove').contains(document.activeElement);
  if (event.shiftKey && (!inside || document.activeElement === first)) { event.preventDefault(); last.focus(); }
  else if (!event.shiftKey && (!inside || document.activeElement === last)) { event.preventDefault(); first.focus(); }
});

takeOwnerTokenFromLink(id);
load();
