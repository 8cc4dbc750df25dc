// The home page's script: Near you. A typed place is checked by GET /v1/coordinates/validate
// (the server's words when it is not a place; a town's name is looked up by GET /v1/places:
// places.js); the browser's position is asked only when Use my location is tapped. Then
// GET /v1/reports?near=PAIR&limit=10&offset=K, drawn as a list whose every text comes from the
// server (the card's badge, date and distance). The place and
// the page live in this page's address (?near=…&page=N, replaced, not pushed), so Back from a
// card returns to the same page. Outside text is written only through textContent. An ES
// module (no build step).
import { placeSearch } from './places.js';

var body = document.body;
var text = body.dataset;
var size = Number(text.pageSize) || 10;
var state = { near: null, page: 1, next: null };

// How many requests (and position questions) are still to be answered: body[data-busy].
var busy = 0;
function begin() { busy += 1; body.dataset.busy = String(busy); }
function end() { busy -= 1; body.dataset.busy = String(busy); }

function part(role) { return document.querySelector('[data-role="' + role + '"]'); }
function say(message) { part('status').textContent = message; }

function placeError(message) {
  var error = part('place-error');
  var input = document.getElementById('home-place');
  error.textContent = message || '';
  error.hidden = !message;
  if (message) input.setAttribute('aria-invalid', 'true'); else input.removeAttribute('aria-invalid');
}

// Keeps the place and the page in the address, for Back from a card and for a reload.
function remember() {
  var query = '?near=' + encodeURIComponent(state.near) + '&page=' + state.page;
  window.history.replaceState(null, '', '/' + query);
}

function thumb(item) {
  var box = document.createElement('span');
  box.className = 'thumb';
  var none = function () { box.textContent = text.imageNotAvailable; box.dataset.testid = 'home.item.noImage'; };
  if (!item.card.photoUrl) { none(); return box; }
  var img = document.createElement('img');
  img.alt = text.photoAlt;
  img.onerror = function () { img.remove(); none(); };
  img.src = item.card.photoUrl;
  img.dataset.testid = 'home.item.photo';
  box.appendChild(img);
  return box;
}

function line(className, value, testid) {
  var span = document.createElement('span');
  span.className = className;
  span.textContent = value;
  if (testid) span.dataset.testid = testid;
  return span;
}

function draw(answer) {
  var list = part('list');
  list.textContent = '';
  answer.reports.forEach(function (item) {
    var entry = document.createElement('li');
    entry.className = 'near-item';
    entry.dataset.testid = 'home.item';
    entry.dataset.id = item.id;
    var link = document.createElement('a');
    link.href = '/pets/' + encodeURIComponent(item.id);
    link.dataset.testid = 'home.item.open';
    var words = document.createElement('span');
    words.className = 'text';
    var badge = line('badge', item.card.status.text, 'home.item.status');
    badge.dataset.color = item.card.status.color;
    words.appendChild(badge);
    var kind = line('species', item.card.species + ' \u00b7 ' + item.card.breed, 'home.item.species');
    kind.dir = 'auto'; // a right-to-left breed reads right to left, isolated from the rest
    words.appendChild(kind);
    words.appendChild(line('muted', item.card.date, 'home.item.date'));
    // Where: the typed place, else the nearest town ("near Piaseczno").
    if (item.card.place) {
      var where = line('muted', item.card.place, 'home.item.place');
      where.dir = 'auto';
      words.appendChild(where);
    }
    words.appendChild(line('distance', item.card.distance, 'home.item.distance'));
    // How old the report is ("reported 3 days ago"): reports close when they outlive their time.
    if (item.card.age) words.appendChild(line('muted', item.card.age, 'home.item.age'));
    link.appendChild(thumb(item));
    link.appendChild(words);
    entry.appendChild(link);
    list.appendChild(entry);
  });
  state.next = answer.next;
  var first = answer.offset + 1;
  if (answer.reports.length === 0) {
    say(answer.offset === 0 ? text.noReports : text.endOfList);
  } else {
    say(text.showing.replace('{from}', first).replace('{to}', answer.offset + answer.reports.length)
      .replace('{place}', state.near));
  }
  part('pager').hidden = answer.reports.length === 0 && answer.offset === 0;
  document.querySelector('[data-action="previous"]').disabled = state.page <= 1;
  document.querySelector('[data-action="next"]').disabled = answer.next === null;
  part('page').textContent = 'Page ' + state.page;
}

function load() {
  say(text.loading);
  remember();
  var url = '/v1/reports?near=' + encodeURIComponent(state.near) + '&limit=' + size +
    '&offset=' + (state.page - 1) * size;
  begin();
  fetch(url, { headers: { Accept: 'application/json' } }).then(function (response) {
    return response.json().then(function (answer) {
      if (!response.ok) throw new Error(answer.detail || String(response.status));
      draw(answer);
    });
  }).catch(function (error) { say(error && error.message ? error.message : text.unreachable); }).then(end);
}

// Live alerts for the listed place: reports created within data-alert-kilometers of it,
// counted on a button that shows page 1 again. One EventSource, replaced when the place
// changes (the browser reconnects it with Last-Event-ID by itself).
var alerts = { source: null, near: null, count: 0 };
function news() {
  var button = part('news');
  button.hidden = alerts.count === 0;
  button.textContent = alerts.count === 1 ? text.newOne : text.newMany.replace('{count}', String(alerts.count));
}
function listen(near) {
  if (alerts.near === near || !window.EventSource) return;
  if (alerts.source) alerts.source.close();
  alerts.near = near;
  alerts.count = 0;
  news();
  alerts.source = new EventSource('/v1/reports/updates?near=' + encodeURIComponent(near) +
    '&km=' + encodeURIComponent(text.alertKilometers));
  alerts.source.addEventListener('created', function () { alerts.count += 1; news(); });
  // body[data-alerts]: open while the stream is connected (the browser retries by itself).
  alerts.source.onopen = function () { body.dataset.alerts = 'open'; };
  alerts.source.onerror = function () { body.dataset.alerts = 'retrying'; };
}

function show(near, page) {
  state.near = near;
  state.page = page;
  var mapLink = part('map-link');
  mapLink.href = '/map?near=' + encodeURIComponent(near);
  mapLink.hidden = false;
  // On a wide screen the same map beside the list (loaded only there: a phone has the link).
  var frame = part('map-frame');
  if (window.matchMedia('(min-width: 960px)').matches) {
    var embedded = mapLink.href + '&embed=1';
    if (frame.src !== embedded) frame.src = embedded;
    frame.hidden = false;
  }
  listen(near);
  load();
}

// While the browser is asked, Use my location is disabled and Cancel location request
// shows: it stops waiting, says what it said before and gives the button back; the
// browser's answer, if it comes later, is ignored.
var asking = null;

function stopAsking(cancelled) {
  var run = asking;
  if (!run) return null;
  asking = null;
  end();
  var locateButton = document.querySelector('[data-action="locate"]');
  var cancelButton = document.querySelector('[data-action="cancel-locate"]');
  var refocus = cancelled || document.activeElement === cancelButton;
  locateButton.disabled = false;
  cancelButton.hidden = true;
  if (refocus) locateButton.focus();
  if (cancelled) say(run.before);
  return run;
}

function locate() {
  if (!navigator.geolocation) { say(text.unsupported); return; }
  if (asking) return;
  var run = { before: part('status').textContent };
  asking = run;
  say(text.locating);
  begin();
  document.querySelector('[data-action="locate"]').disabled = true;
  var cancelButton = document.querySelector('[data-action="cancel-locate"]');
  cancelButton.hidden = false;
  cancelButton.focus();
  navigator.geolocation.getCurrentPosition(function (position) {
    if (asking !== run) return; // cancelled: a late answer changes nothing
    stopAsking(false);
    var latitude = position.coords.latitude.toFixed(5);
    var longitude = position.coords.longitude.toFixed(5);
    document.getElementById('home-place').value = latitude + ', ' + longitude;
    placeError('');
    show(latitude + ',' + longitude, 1);
  }, function (error) {
    if (asking !== run) return;
    stopAsking(false);
    var words = { 1: text.denied, 2: text.unavailable, 3: text.timedOut };
    say(words[error.code] || text.unavailable);
  }, { enableHighAccuracy: false, timeout: 20000, maximumAge: 60000 });
}

document.addEventListener('click', function (event) {
  var button = event.target.closest('[data-action]');
  if (!button) return;
  switch (button.dataset.action) {
    case 'locate': locate(); break;
    case 'cancel-locate': stopAsking(true); break;
    case 'previous': if (state.page > 1) show(state.near, state.page - 1); break;
    case 'next': if (state.next !== null) show(state.near, state.page + 1); break;
    case 'refresh': alerts.count = 0; news(); show(state.near, 1); break;
  }
});

var search = placeSearch({
  text: text, placeError: placeError, show: show, part: part, begin: begin, end: end
});
part('place-form').addEventListener('submit', function (event) {
  event.preventDefault();
  search(document.getElementById('home-place').value);
});

body.dataset.ready = 'true';
// Back from a card, or a reload: the same place and page again.
var kept = new URLSearchParams(window.location.search);
var near = kept.get('near');
if (near) {
  var page = Math.max(1, Math.floor(Number(kept.get('page'))) || 1);
  document.getElementById('home-place').value = near;
  show(near, page);
}
