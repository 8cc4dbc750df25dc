// The Pet details page's script: asks GET /v1/reports/{id}/card and draws the card's texts
// (all made by PetDetailsCard on the server), or the error with Retry; Remove Report asks,
// then DELETE /v1/reports/{id}. It writes outside text only through textContent.
(function () {
  'use strict';

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
    fetch(cardUrl(), { headers: { Accept: 'application/json' } }).then(function (response) {
      if (!response.ok) throw new Error(String(response.status));
      return response.json();
    }).then(draw, function () { setState('error'); });
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
      if (field.empty) value.className = 'dash';
      if (field.href) {
        var link = document.createElement('a');
        link.href = field.href;
        link.textContent = field.value;
        if (field.id) link.dataset.testid = field.id;
        value.appendChild(link);
      } else {
        value.textContent = field.value;
        if (field.truncated) value.title = field.value;
      }
      value.dataset.label = field.label;
      row.appendChild(label);
      row.appendChild(value);
      list.appendChild(row);
    });
    var map = part('map');
    var noMap = part('no-map');
    map.hidden = !card.map.url;
    noMap.hidden = !!card.map.url;
    if (card.map.url) { map.href = card.map.url; map.textContent = card.map.title; }
    noMap.textContent = card.map.url ? '' : card.map.empty;
    setState('loaded');
  }

  function remove() {
    modal('remove').hidden = true;
    fetch('/v1/reports/' + encodeURIComponent(id), { method: 'DELETE' }).then(function (response) {
      if (response.ok) { setState('removed'); return null; }
      return response.json().then(function (problem) { showToast(problem.detail); });
    }).catch(function () { showToast(body.dataset.unreachable); });
  }

  document.addEventListener('click', function (event) {
    var button = event.target.closest('[data-action]');
    if (!button) return;
    switch (button.dataset.action) {
      case 'retry': load(); break;
      // The previous page when there is one (the list, the report just sent); else the home page.
      case 'back': if (window.history.length > 1) window.history.back(); else window.location.assign('/'); break;
      case 'remove': modal('remove').hidden = false; modal('remove').querySelector('button').focus(); break;
      case 'remove-keep': modal('remove').hidden = true; break;
      case 'remove-confirm': remove(); break;
    }
  });

  document.addEventListener('keydown', function (event) {
    if (event.key === 'Escape') modal('remove').hidden = true;
  });

  load();
})();
