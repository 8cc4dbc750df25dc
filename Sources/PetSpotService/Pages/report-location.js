// Request GPS position / Use current location on a report page (an ES module report.js
// imports; no build step): the server's source, or this browser's (`config.locationSource`).
// While a request runs the button is disabled and Cancel location request shows: it stops
// waiting (the server's request is aborted; the browser's late answer, if it ever comes, is
// ignored), puts the helper back and gives the button back.
import { section } from './report-dom.js';

function browserPosition(config) {
  return new Promise(function (resolve) {
    if (!navigator.geolocation) { resolve({ unsupported: true }); return; }
    navigator.geolocation.getCurrentPosition(function (position) {
      resolve({ latitude: position.coords.latitude, longitude: position.coords.longitude });
    }, function (error) {
      resolve({ errorCode: error.code });
    }, { enableHighAccuracy: true, timeout: config.locationTimeoutMs, maximumAge: config.maximumAgeMs });
  });
}

/**
 * The location buttons of the page `page`: `{config, busy(delta), flushEdit, enqueue,
 * requestBody, post, failed, applyAnswer, stepUrl}`. Returns `{locate, cancelLocate}`.
 */
export function locationButtons(page) {
  var config = page.config;
  var locating = {};

  function locate(step, button) {
    if (button.disabled) return;
    var box = section(step).querySelector('[data-location]');
    var helper = box.querySelector('[data-role="location-helper"]');
    var stop = box.querySelector('[data-action="cancel-locate"]');
    var run = {
      before: helper.textContent, status: box.dataset.status, counted: true,
      abort: window.AbortController ? new AbortController() : null
    };
    var settle = function () {
      if (run.counted) { run.counted = false; page.busy(-1); }
    };
    run.finish = function (answer, cancelled) {
      if (locating[step] !== run) return;
      delete locating[step];
      settle();
      if (!answer) {
        helper.textContent = run.before;
        if (run.status) box.dataset.status = run.status; else delete box.dataset.status;
      }
      var refocus = cancelled || document.activeElement === stop;
      stop.hidden = true;
      button.disabled = false;
      if (refocus) button.focus();
      if (cancelled && run.abort) run.abort.abort();
    };
    locating[step] = run;
    button.disabled = true;
    stop.hidden = false;
    stop.focus();
    box.dataset.status = 'inFlight';
    helper.textContent = config.inFlightHelper;
    page.busy(1);
    page.flushEdit(step).then(function () {
      return config.locationSource === 'browser' ? browserPosition(config) : null;
    }).then(function (browser) {
      if (locating[step] !== run) return null; // cancelled: the late answer is not sent
      settle();
      return page.enqueue(step, function () {
        if (locating[step] !== run) return null;
        var request = page.requestBody(step, 'edit');
        delete request.body.action;
        if (browser) request.body.browser = browser;
        return page.post(page.stepUrl(step) + '/location', request.body, null, null, run.abort && run.abort.signal)
          .then(function (result) {
            if (locating[step] !== run) return null;
            if (!result.ok || !result.body) { page.failed(result); return null; }
            page.applyAnswer(step, result.body, request.sent);
            return result.body;
          });
      });
    }).then(function (answer) { run.finish(answer, false); });
  }

  function cancelLocate(step) {
    if (locating[step]) locating[step].finish(null, true);
  }

  return { locate: locate, cancelLocate: cancelLocate };
}
