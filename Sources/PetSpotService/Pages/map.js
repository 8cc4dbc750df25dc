// The map page's script: the reports nearest to ?near=PAIR (GET /v1/reports?near=…&limit=N)
// as Leaflet markers, each missing report's search circle from GET /v1/geodesy/radius as
// GeoJSON (split at the antimeridian and closed around a pole by the server), and tiles from
// the operator's template. A tile that cannot be loaded says so once; the markers and circles
// stay on a plain background. A missing report's place, generalized for the public, is a shaded
// area. ?report=ID opens that report's popup and draws its sightings' trail. Outside text is written
// only through textContent. body[data-drawn] counts what is drawn, for the tests.
(function () {
  'use strict';

  var body = document.body;
  var text = body.dataset;
  function part(role) { return document.querySelector('[data-role="' + role + '"]'); }
  function say(message) { part('status').textContent = message; }

  var kept = new URLSearchParams(window.location.search);
  var near = kept.get('near');
  var focus = kept.get('report');
  if (near) part('back').href = '/?near=' + encodeURIComponent(near) + '&page=1';
  body.dataset.ready = 'true';
  if (!window.L) { say(text.unreachable); return; }
  L.Icon.Default.imagePath = '/map/assets/';

  var map = L.map('map', { zoomControl: true, worldCopyJump: true });
  map.setView([20, 0], 2);
  var tiles = L.tileLayer(text.tileUrl, { attribution: text.tileAttribution, maxZoom: 19 });
  tiles.on('tileerror', function () {
    var line = part('tiles');
    if (!line.hidden) return;
    line.textContent = text.tilesUnavailable;
    line.hidden = false;
  });
  tiles.addTo(map);

  var drawn = { markers: 0, circles: 0, areas: 0 };
  function count() {
    body.dataset.drawn = drawn.markers + ',' + drawn.circles;
    body.dataset.areas = String(drawn.areas);
  }

  function popup(item) {
    var box = document.createElement('div');
    box.className = 'map-popup';
    var title = document.createElement('strong');
    title.textContent = item.card.status.text + ' \u00b7 ' + item.card.species;
    var when = document.createElement('div');
    when.textContent = item.card.date + ' \u00b7 ' + item.card.distance;
    var link = document.createElement('a');
    link.href = '/pets/' + encodeURIComponent(item.id);
    link.textContent = text.openCard;
    link.dataset.testid = 'map.openCard.tap';
    if (text.embedded === 'true') link.target = '_top';  // the card in the whole window
    box.append(title, when, link);
    return box;
  }

  // What the view is fitted to: the markers, and the circles of reports within 50 km.
  var nearby = [];
  function circle(item) {
    var url = '/v1/geodesy/radius?center=' + item.locationLatitude + ',' + item.locationLongitude +
      '&km=' + item.locationRadius;
    return fetch(url, { headers: { Accept: 'application/geo+json' } }).then(function (response) {
      if (!response.ok) return;
      return response.json().then(function (feature) {
        var layer = L.geoJSON(feature, { style: { color: '#e7000b', weight: 2, fillOpacity: 0.08 } }).addTo(map);
        if (item.distanceMeters < 50000) nearby.push(layer);
        drawn.circles += 1;
        count();
      });
    });
  }

  // A missing report's place is shown to the public as the centre of a grid cell of
  // locationPrecisionMeters (the exact place is its owner's): a shaded area around it, the
  // marker only where the cell's centre is.
  function area(item, place) {
    var shade = L.circle(place, {
      radius: item.locationPrecisionMeters * 0.75, color: '#7c3aed', weight: 1, fillOpacity: 0.25
    }).addTo(map);
    var element = shade.getElement();
    if (element) { element.dataset.testid = 'map.area'; element.dataset.id = item.id; }
    drawn.areas += 1;
  }

  // ?report=ID's trail (issue 46): a line from its place as shown here (a missing report's
  // public cell centre) through its sightings in the order they were seen, a dot at each with
  // its time and note. Its points are counted in body[data-trail], for the tests.
  function trail(item, place) {
    return fetch('/v1/reports/' + encodeURIComponent(item.id) + '/sightings', {
      headers: { Accept: 'application/json' }
    }).then(function (response) { return response.ok ? response.json() : { sightings: [] }; }).then(function (answer) {
      var seen = answer.sightings.slice().sort(function (a, b) {
        return a.seenAt < b.seenAt ? -1 : a.seenAt > b.seenAt ? 1 : (a.id < b.id ? -1 : 1);
      });
      var points = [place].concat(seen.map(function (one) { return [one.locationLatitude, one.locationLongitude]; }));
      body.dataset.trail = String(seen.length ? points.length : 0);
      if (!seen.length) return;
      var line = L.polyline(points, { color: '#1d4ed8', weight: 3, dashArray: '6 6' }).addTo(map);
      var element = line.getElement();
      if (element) { element.dataset.testid = 'map.trail'; element.dataset.points = String(points.length); }
      seen.forEach(function (one) {
        var box = document.createElement('div');
        var when = document.createElement('strong');
        when.textContent = new Date(one.seenAt).toLocaleString();
        var note = document.createElement('div');
        note.textContent = one.note || '';
        box.append(when, note);
        var dot = L.circleMarker([one.locationLatitude, one.locationLongitude], {
          radius: 7, color: '#1d4ed8', fillOpacity: 0.8
        }).bindPopup(box).addTo(map);
        if (dot.getElement()) dot.getElement().dataset.testid = 'map.trail.sighting';
      });
      nearby.push(line);
    }, function () { /* no trail when the sightings cannot be had */ });
  }

  if (!near) { say(text.idle); count(); return; }
  say(text.loading);
  body.dataset.busy = '1';
  fetch('/v1/reports?near=' + encodeURIComponent(near) + '&limit=' + text.reportLimit, {
    headers: { Accept: 'application/json' }
  }).then(function (response) {
    return response.json().then(function (answer) {
      if (!response.ok) throw new Error(answer.detail || String(response.status));
      return answer;
    });
  }).then(function (answer) {
    var bounds = [];
    var circles = [];
    var trails = [];
    answer.reports.forEach(function (item) {
      var place = [item.locationLatitude, item.locationLongitude];
      var marker = L.marker(place, { title: item.card.species + ' (' + item.card.status.text + ')' })
        .bindPopup(popup(item)).addTo(map);
      marker.getElement().dataset.testid = 'map.marker';
      marker.getElement().dataset.id = item.id;
      drawn.markers += 1;
      bounds.push(place);
      if (item.locationPrecisionMeters) area(item, place);
      if (item.kind === 'missing' && item.locationRadius) circles.push(circle(item));
      if (item.id === focus) { marker.openPopup(); trails.push(trail(item, place)); }
    });
    var center = [answer.near.latitude, answer.near.longitude];
    if (bounds.length) map.fitBounds(bounds.concat([center]), { padding: [24, 24], maxZoom: 14, animate: false });
    else map.setView(center, 12, { animate: false });
    say(answer.reports.length ? text.showing.replace('{count}', String(answer.reports.length)) : text.noReports);
    count();
    return Promise.all(circles.concat(trails)).then(function () {
      if (nearby.length) {
        var view = L.featureGroup(nearby).getBounds();
        if (bounds.length) view.extend(L.latLngBounds(bounds));
        map.fitBounds(view, { padding: [24, 24], maxZoom: 14, animate: false });
      }
      body.dataset.fitted = 'true';  // the view is final (no animation): for screenshots
    });
  }).catch(function (error) {
    say(error && error.message ? error.message : text.unreachable);
  }).then(function () { body.dataset.busy = '0'; });
})();
