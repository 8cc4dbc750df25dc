// Near you's place box (an ES module home.js imports; no build step): a typed place is read
// by the server as petspot validate reads it (GET /v1/coordinates/validate), and a text with
// letters that is not a place is a town's name, looked up by GET /v1/places. Outside text is
// written only through textContent.

/**
 * The place box's search: `search(typed)` shows the list near the place typed (`page.show`),
 * or says what is wrong (`page.placeError`). `page` also gives `text` (the page's messages),
 * `part(role)` and `begin`/`end` (the busy count).
 */
export function placeSearch(page) {
  var { text, placeError, show, part, begin, end } = page;

  // A typed place: the server reads it as petspot validate does, and says what is wrong. A
  // text with letters that is not a place is a town's name: GET /v1/places?q= gives the
  // towns; one whose name is the text (accents aside), or the only one, is taken; several
  // are offered as buttons.
  function search(typed) {
    placeError('');
    towns(null);
    if (!typed.trim()) { placeError(text.emptyPlace); return; }
    begin();
    fetch('/v1/coordinates/validate?pair=' + encodeURIComponent(typed)).then(function (response) {
      return response.json();
    }).then(function (report) {
      if (report.valid && report.latitude.formatted && report.longitude.formatted) {
        show(report.latitude.formatted + ',' + report.longitude.formatted, 1);
      } else if (/[^\d\s.,°'"′″NSEWnsew+-]/.test(typed)) {
        return town(typed.trim());
      } else {
        placeError(report.latitude.error || report.longitude.error || report.detail || text.emptyPlace);
        document.getElementById('home-place').focus();
      }
    }).catch(function () { placeError(text.unreachable); }).then(end);
  }

  function folded(name) { return name.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase(); }

  function town(typed) {
    return fetch('/v1/places?q=' + encodeURIComponent(typed) + '&limit=5').then(function (response) {
      if (!response.ok) throw new Error('places');
      return response.json();
    }).then(function (answer) {
      var places = answer.places || [];
      var same = places.filter(function (place) { return folded(place.name) === folded(typed); });
      if (places.length === 1 || same.length === 1) { take(places.length === 1 ? places[0] : same[0]); return; }
      if (places.length === 0) {
        placeError(text.noTown.replace('{typed}', typed));
        document.getElementById('home-place').focus();
        return;
      }
      towns(places, typed);
    }, function () { placeError(text.noTown.replace('{typed}', typed)); });
  }

  function townName(place) { return [place.name, place.state, place.country].filter(Boolean).join(', '); }

  function take(place) {
    towns(null);
    document.getElementById('home-place').value = place.name;
    show(place.latitude.toFixed(5) + ',' + place.longitude.toFixed(5), 1);
  }

  // The towns a name may mean, as buttons (null: none shown).
  function towns(places, typed) {
    var box = part('town-choices');
    var list = part('town-list');
    list.textContent = '';
    box.hidden = !places;
    if (!places) return;
    part('town-question').textContent = text.chooseTown.replace('{typed}', typed);
    places.forEach(function (place, index) {
      var item = document.createElement('li');
      var button = document.createElement('button');
      button.type = 'button';
      button.textContent = townName(place);
      button.dataset.testid = 'home.town.' + index;
      button.addEventListener('click', function () { take(place); });
      item.appendChild(button);
      list.appendChild(item);
    });
    list.querySelector('button').focus();
  }

  return search;
}
