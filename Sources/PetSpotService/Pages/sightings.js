// "I saw this pet" and "Seen since" on a missing report's Pet details card (issue 46).
// Once the card has loaded (pet.js sets body[data-state]), GET /v1/reports/{id} (with this
// browser's owner token, if it keeps one) gives the place the card shows and the report's
// status: an open missing report offers the form, which posts POST /v1/reports/{id}/sightings
// ({seenAt in UTC, locationLatitude, locationLongitude, note, phone, email}); its problems are
// shown beside the fields and what was typed stays. A made sighting's own token is kept in
// localStorage (petspot.sighting.{sid}) so its maker can remove it; a photo picked goes next
// (PUT …/sightings/{sid}/photo with that token): refused, its message shows beside the field and
// the sighting stays. The timeline is GET …/sightings, newest first: how long ago, how far from
// the card's place (haversine on the page), the photo's thumbnail, the note; Hide for the report's
// owner, Remove for the sighting's maker (DELETE). Outside text is written only through
// textContent. body[data-busy] counts requests, for the tests. An ES module: the report's owner
// token from owner.js.
import { ownerToken } from './owner.js';

(function () {
  'use strict';

  var body = document.body;
  var section = document.querySelector('[data-role="sightings"]');
  if (!section) return;
  var id = body.dataset.petId;
  var text = section.dataset;
  var base = '/v1/reports/' + encodeURIComponent(id);
  var form = section.querySelector('[data-role="sighting-form"]');
  var opener = section.querySelector('[data-action="sighting-open"]');
  var list = section.querySelector('[data-role="sighting-list"]');
  var status = section.querySelector('[data-role="sighting-status"]');
  var general = form.querySelector('[data-role="sighting-error"]');
  var counter = form.querySelector('[data-role="note-count"]');
  var place = null;
  var requests = 0;

  function stored(key) { try { return window.localStorage.getItem(key); } catch (e) { return null; } }
  function keep(key, value) {
    try {
      if (value === null) window.localStorage.removeItem(key); else window.localStorage.setItem(key, value);
    } catch (e) { /* storage off: the sighting stays, removable by the report's owner */ }
  }
  function bearer(token) { return token ? { Authorization: 'Bearer ' + token } : {}; }
  function field(name) { return form.elements.namedItem(name); }
  function busy(change) { requests += change; body.dataset.busy = String(requests); }
  function ask(url, request) {
    busy(1);
    return fetch(url, request).then(function (response) { busy(-1); return response; },
      function (error) { busy(-1); throw error; });
  }

  // The visitor's own clock, to the minute, as a datetime-local value.
  function localNow() {
    var now = new Date();
    now.setSeconds(0, 0);
    return new Date(now.getTime() - now.getTimezoneOffset() * 60000).toISOString().slice(0, 16);
  }

  // A datetime-local value (the visitor's time zone) as RFC 3339 in UTC, or the text as typed.
  function utc(value) {
    var time = new Date(value);
    return isNaN(time.getTime()) ? value : time.toISOString().replace(/\.\d{3}Z$/, 'Z');
  }

  function number(name) {
    var value = field(name).value.trim();
    return value === '' ? null : Number(value);
  }

  function showProblems(problems) {
    form.querySelectorAll('[data-error-for]').forEach(function (line) { line.textContent = ''; line.hidden = true; });
    general.textContent = '';
    general.hidden = true;
    var unplaced = [];
    problems.forEach(function (problem) {
      var line = form.querySelector('[data-error-for="' + problem.field + '"]');
      if (!line) { unplaced.push(problem.message); return; }
      line.textContent = line.textContent ? line.textContent + ' ' + problem.message : problem.message;
      line.hidden = false;
    });
    if (unplaced.length) { general.textContent = unplaced.join(' '); general.hidden = false; }
  }

  function countNote() {
    var length = field('note').value.length;
    counter.textContent = length + ' / 500';
    counter.dataset.over = length > 500 ? 'true' : 'false';
  }

  function send(event) {
    event.preventDefault();
    var sighting = {
      seenAt: utc(field('seenAt').value), locationLatitude: number('locationLatitude'),
      locationLongitude: number('locationLongitude'), note: field('note').value.trim(),
      phone: field('phone').value.trim(), email: field('email').value.trim()
    };
    ['note', 'phone', 'email'].forEach(function (name) { if (!sighting[name]) delete sighting[name]; });
    var button = form.querySelector('button[type="submit"]');
    button.disabled = true;
    ask(base + '/sightings', {
      method: 'POST', body: JSON.stringify(sighting),
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, application/problem+json' }
    }).then(function (response) {
      return response.json().then(function (answer) {
        if (response.status === 201) {
          keep('petspot.sighting.' + answer.id, answer.ownerToken);
          showProblems([]);
          return sendPhoto(answer).then(function (problem) {
            ['note', 'phone', 'email', 'photo'].forEach(function (name) { field(name).value = ''; });
            countNote();
            if (problem) showProblems([{ field: 'photo', message: problem }]);
            form.hidden = !problem;
            opener.setAttribute('aria-expanded', form.hidden ? 'false' : 'true');
            status.textContent = text.sent;
            load();
          });
        }
        showProblems(answer.errors || [{ field: '', message: answer.detail || text.unreachable }]);
      });
    }).catch(function () {
      showProblems([{ field: '', message: text.unreachable }]);
    }).then(function () { button.disabled = false; });
  }

  // The picked photo of the sighting `made` (PUT with its own token): a promise of the refusal's
  // message, or null when kept (or none was picked).
  function sendPhoto(made) {
    var file = field('photo').files[0];
    if (!file) return Promise.resolve(null);
    return ask(base + '/sightings/' + encodeURIComponent(made.id) + '/photo', {
      method: 'PUT', body: file, headers: Object.assign({ 'Content-Type': 'application/octet-stream' },
        bearer(made.ownerToken))
    }).then(function (response) {
      return response.ok ? null : response.json().then(function (problem) { return problem.detail; });
    }).catch(function () { return text.unreachable; });
  }

  function locate() {
    var line = form.querySelector('[data-error-for="locationLatitude"]');
    if (!navigator.geolocation) { line.textContent = text.noLocation; line.hidden = false; return; }
    busy(1);
    navigator.geolocation.getCurrentPosition(function (position) {
      busy(-1);
      field('locationLatitude').value = position.coords.latitude.toFixed(5);
      field('locationLongitude').value = position.coords.longitude.toFixed(5);
      line.textContent = '';
      line.hidden = true;
    }, function () {
      busy(-1);
      line.textContent = text.noLocation;
      line.hidden = false;
    }, { enableHighAccuracy: true, timeout: 20000, maximumAge: 60000 });
  }

  // Metres between two [latitude, longitude] (haversine, a sphere of 6371 km).
  function meters(from, to) {
    var radians = Math.PI / 180;
    var dLat = (to[0] - from[0]) * radians;
    var dLon = (to[1] - from[1]) * radians;
    var a = Math.pow(Math.sin(dLat / 2), 2) +
      Math.cos(from[0] * radians) * Math.cos(to[0] * radians) * Math.pow(Math.sin(dLon / 2), 2);
    return 2 * 6371000 * Math.asin(Math.min(1, Math.sqrt(a)));
  }

  // Rounded as the lists round: "under 100 m", "about 800 m", "about 2.4 km", "about 15 km".
  function distance(value) {
    if (value < 100) return text.under.replace('{distance}', '100 m');
    var shown = value < 1000 ? Math.round(value / 100) * 100 + ' m'
      : value < 10000 ? (Math.round(value / 100) / 10) + ' km' : Math.round(value / 1000) + ' km';
    return text.about.replace('{distance}', shown);
  }

  function ago(time) {
    var seconds = (time.getTime() - Date.now()) / 1000;
    var format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
    var units = [['day', 86400], ['hour', 3600], ['minute', 60]];
    for (var index = 0; index < units.length; index += 1) {
      if (Math.abs(seconds) >= units[index][1]) return format.format(Math.round(seconds / units[index][1]), units[index][0]);
    }
    return text.justNow;
  }

  function button(title, testid, token, sid) {
    var element = document.createElement('button');
    element.type = 'button';
    element.className = 'secondary';
    element.textContent = title;
    element.dataset.testid = testid;
    element.addEventListener('click', function () {
      element.disabled = true;
      ask(base + '/sightings/' + encodeURIComponent(sid), { method: 'DELETE', headers: bearer(token) })
        .then(function (response) {
          if (response.status === 204) { keep('petspot.sighting.' + sid, null); load(); return null; }
          return response.json().then(function (problem) { status.textContent = problem.detail; });
        }).catch(function () { status.textContent = text.unreachable; })
        .then(function () { element.disabled = false; });
    });
    return element;
  }

  function item(sighting, owner) {
    var row = document.createElement('li');
    row.dataset.testid = 'petDetails.sightings.item';
    row.dataset.id = sighting.id;
    var when = document.createElement('time');
    var seen = new Date(sighting.seenAt);
    when.dateTime = sighting.seenAt;
    when.title = seen.toLocaleString();
    when.textContent = ago(seen);
    var line = document.createElement('p');
    line.className = 'sighting-line';
    line.appendChild(when);
    if (place) {
      var far = meters(place, [sighting.locationLatitude, sighting.locationLongitude]);
      line.appendChild(document.createTextNode(', ' + distance(far) + ' ' + text.fromPlace));
    }
    row.appendChild(line);
    if (sighting.photoUrl) {
      var photo = document.createElement('img');
      photo.className = 'sighting-photo';
      photo.src = sighting.photoUrl;
      photo.alt = text.photoAlt;
      photo.loading = 'lazy';
      photo.dataset.testid = 'petDetails.sightings.photo';
      row.appendChild(photo);
    }
    if (sighting.note) {
      var note = document.createElement('p');
      note.className = 'sighting-note';
      note.dir = 'auto';
      note.textContent = sighting.note;
      row.appendChild(note);
    }
    var contact = [sighting.phone, sighting.email].filter(Boolean).join(' \u00b7 ');
    if (contact) {
      var reach = document.createElement('p');
      reach.className = 'sighting-contact';
      reach.textContent = contact;
      row.appendChild(reach);
    }
    var mine = stored('petspot.sighting.' + sighting.id);
    if (owner) row.appendChild(button(text.hide, 'petDetails.sightings.hide', owner, sighting.id));
    if (mine) row.appendChild(button(text.remove, 'petDetails.sightings.remove', mine, sighting.id));
    return row;
  }

  // The timeline: as its owner reads it (their token), else as a maker or a stranger does.
  function load() {
    var owner = ownerToken(id);
    ask(base + '/sightings', { headers: Object.assign({ Accept: 'application/json' }, bearer(owner)) })
      .then(function (response) {
        return response.json().then(function (answer) {
          if (!response.ok) throw new Error(answer.detail || String(response.status));
          return answer;
        });
      }).then(function (answer) {
        list.textContent = '';
        answer.sightings.forEach(function (sighting) { list.appendChild(item(sighting, owner)); });
        list.dataset.count = String(answer.sightings.length);
        section.querySelector('[data-role="sighting-none"]').hidden = answer.sightings.length > 0;
      }).catch(function (error) { status.textContent = error && error.message ? error.message : text.unreachable; });
  }

  // The report as the card shows it: its place (exact for its owner, the public cell centre for
  // anyone else) and whether it takes sightings.
  function start() {
    if (body.dataset.state !== 'loaded' || section.dataset.started) return;
    section.dataset.started = 'true';
    var owner = ownerToken(id);
    ask(base, { headers: Object.assign({ Accept: 'application/json' }, bearer(owner)) }).then(function (response) {
      return response.ok ? response.json() : null;
    }).then(function (report) {
      if (!report || report.kind !== 'missing') return;
      if (typeof report.locationLatitude === 'number' && typeof report.locationLongitude === 'number') {
        place = [report.locationLatitude, report.locationLongitude];
      }
      opener.hidden = report.status !== 'ACTIVE';
      section.hidden = false;
      load();
    }).catch(function () { /* the card says it when the server is away */ });
  }

  opener.addEventListener('click', function () {
    form.hidden = !form.hidden;
    opener.setAttribute('aria-expanded', form.hidden ? 'false' : 'true');
    if (!form.hidden && !field('seenAt').value) field('seenAt').value = localNow();
  });
  form.addEventListener('submit', send);
  form.querySelector('[data-action="sighting-locate"]').addEventListener('click', locate);
  field('note').addEventListener('input', countNote);
  countNote();
  new MutationObserver(start).observe(body, { attributes: true, attributeFilter: ['data-state'] });
  start();
})();
