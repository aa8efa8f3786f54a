// The payment page's script: the page works without it, and is nicer with it.
// - As the buyer types a number, say which network it belongs to (or that none is served).
// - While a payment waits for the buyer's approval, ask /pay/{id}/status every few seconds (the
//   page says how often: malipo.pages.status-poll) and show the page again as soon as the
//   payment has ended.
// - Right after the payment succeeds, go back to the shop after a few seconds.
// - Show one way to pay at a time, and count down the time the buyer has to approve a push.
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

  // One way to pay at a time: the chooser shows the one picked (all are shown without script).
  var chooser = document.querySelector(".methods");
  if (chooser) {
    var show = function () {
      var picked = chooser.querySelector("input:checked");
      document.querySelectorAll("[data-method]").forEach(function (section) {
        section.hidden = picked !== null && section.getAttribute("data-method") !== picked.value;
      });
    };
    chooser.hidden = false;
    chooser.addEventListener("change", show);
    show();
  }

  // The time the network's prompt stays open on the phone; then, that no answer has come yet.
  var left = document.getElementById("approve-left");
  if (left) {
    var remaining = parseInt(left.getAttribute("data-seconds"), 10);
    var count = function () {
      remaining -= 1;
      if (remaining <= 0) {
        var late = document.getElementById("approve-late");
        document.getElementById("approve-time").hidden = true;
        late.textContent = late.getAttribute("data-late");
        return;
      }
      left.textContent = Math.floor(remaining / 60) + ":" + ("0" + remaining % 60).slice(-2);
      window.setTimeout(count, 1000);
    };
    window.setTimeout(count, 1000);
  }

  var waiting = root.getAttribute("data-waiting") === "true";
  var status = root.getAttribute("data-status-url");
  var every = parseInt(root.getAttribute("data-poll-ms"), 10) || 2000;
  if (waiting && status && window.fetch) {
    var poll = function () {
      fetch(status, { headers: { "Accept": "application/json" }, cache: "no-store" })
        .then(function (answer) { return answer.ok ? answer.json() : null; })
        .then(function (now) {
          if (now && !now.waiting) {
            window.location.replace(window.location.pathname + "?after=pay");
          } else {
            window.setTimeout(poll, every);
          }
        })
        .catch(function () { window.setTimeout(poll, 2 * every); });
    };
    window.setTimeout(poll, every);
  }

  var back = document.getElementById("back-to-shop");
  var seconds = document.getElementById("back-seconds");
  // The server writes the countdown only on a page reached right after paying.
  if (back && seconds) {
    var wait = parseInt(seconds.textContent, 10);
    seconds.parentNode.hidden = false;
    var tick = function () {
      if (wait <= 0) {
        window.location.assign(back.href);
        return;
      }
      seconds.textContent = String(wait);
      wait -= 1;
      window.setTimeout(tick, 1000);
    };
    tick();
  }
})();

// The card form: the brand as the number is typed, and the same checks as the server's before
// anything is sent (the server checks again; these only save the buyer a round trip).
(function () {
  "use strict";
  var form = document.querySelector("form.card");
  if (!form) {
    return;
  }
  var field = function (name) { return document.getElementById("card-" + name); };
  var digits = function () { return field("number").value.replace(/[\s-]/g, ""); };
  var brands = [[/^4/, "Visa"], [/^(5[1-5]|2[2-7])/, "Mastercard"], [/^3[47]/, "American Express"],
    [/^62/, "UnionPay"]];
  var brand = document.getElementById("card-brand");
  field("number").addEventListener("input", function () {
    var found = brands.filter(function (b) { return b[0].test(digits()); })[0];
    brand.textContent = found && digits().length >= 2 ? found[1] : "";
  });
  var luhn = function (number) {
    var sum = 0;
    for (var i = 0; i < number.length; i++) {
      var d = parseInt(number.charAt(number.length - 1 - i), 10);
      if (i % 2 === 1) {
        d *= 2;
        if (d > 9) { d -= 9; }
      }
      sum += d;
    }
    return sum % 10 === 0;
  };
  var problem = function (name) {
    var value = field(name).value.trim();
    if (name === "name") { return value === "" ? "name" : null; }
    if (name === "number") { return /^\d{12,19}$/.test(digits()) && luhn(digits()) ? null : "number"; }
    if (name === "csc") { return /^\d{3,4}$/.test(value) ? null : "csc"; }
    var m = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(value);
    if (!m || +m[1] < 1 || +m[1] > 12) { return "expiry"; }
    var year = m[2].length === 2 ? 2000 + +m[2] : +m[2];
    var now = new Date();
    return year * 12 + +m[1] < now.getFullYear() * 12 + now.getMonth() + 1 ? "expired" : null;
  };
  form.addEventListener("submit", function (event) {
    var first = null;
    ["name", "number", "expiry", "csc"].forEach(function (name) {
      var input = field(name);
      var id = "card-" + name + "-error";
      var shown = document.getElementById(id);
      var wrong = problem(name);
      if (!wrong) {
        if (shown) { shown.remove(); }
        input.setAttribute("aria-invalid", "false");
        return;
      }
      if (!shown) {
        shown = document.createElement("p");
        shown.id = id;
        shown.className = "error";
        shown.setAttribute("role", "alert");
        input.parentNode.insertBefore(shown, input);
      }
      shown.textContent = form.getAttribute("data-error-" + wrong);
      input.setAttribute("aria-invalid", "true");
      input.setAttribute("aria-describedby", id);
      first = first || input;
    });
    if (first) {
      event.preventDefault();
      first.focus();
    }
  });
})();
