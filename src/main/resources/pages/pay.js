// The payment page's script: the page works without it, and is nicer with it.
// - As the buyer types a number, say which network it belongs to (or that none is served).
// - While a payment waits for the buyer's approval, ask /pay/{id}/status every two seconds and
//   show the page again as soon as the payment has ended.
// - Right after the payment succeeds, go back to the shop after a few seconds.
(function () {
  "use strict";
  var root = document.documentElement;

  var phone = document.getElementById("phone");
  var network = document.getElementById("phone-network");
  if (phone && network) {
    var prefixes = JSON.parse(network.getAttribute("data-prefixes"));
    var country = network.getAttribute("data-country-code");
    var which = function () {
      var digits = phone.value.replace(/[^0-9]/g, "");
      if (phone.value.trim().charAt(0) !== "+" && digits.charAt(0) === "0") {
        digits = country + digits.substring(1);
      } else if (digits.length <= 9 && digits.charAt(0) !== "0") {
        digits = country + digits;
      }
      if (digits.length < country.length + 2) {
        network.textContent = "";
        return;
      }
      var best = null;
      Object.keys(prefixes).forEach(function (prefix) {
        if (digits.indexOf(prefix) === 0 && (best === null || prefix.length > best.length)) {
          best = prefix;
        }
      });
      network.textContent = best === null ? network.getAttribute("data-none") : prefixes[best];
    };
    phone.addEventListener("input", which);
    which();
  }

  var waiting = root.getAttribute("data-waiting") === "true";
  var status = root.getAttribute("data-status-url");
  if (waiting && status && window.fetch) {
    var poll = function () {
      fetch(status, { headers: { "Accept": "application/json" }, cache: "no-store" })
        .then(function (answer) { return answer.ok ? answer.json() : null; })
        .then(function (now) {
          if (now && !now.waiting) {
            window.location.replace(window.location.pathname + (now.paid ? "?paid=now" : ""));
          } else {
            window.setTimeout(poll, 2000);
          }
        })
        .catch(function () { window.setTimeout(poll, 4000); });
    };
    window.setTimeout(poll, 2000);
  }

  var back = document.getElementById("back-to-shop");
  var seconds = document.getElementById("back-seconds");
  if (back && seconds && new URLSearchParams(window.location.search).get("paid") === "now") {
    var left = parseInt(seconds.textContent, 10);
    seconds.parentNode.hidden = false;
    var tick = function () {
      if (left <= 0) {
        window.location.assign(back.href);
        return;
      }
      seconds.textContent = String(left);
      left -= 1;
      window.setTimeout(tick, 1000);
    };
    tick();
  }
})();
