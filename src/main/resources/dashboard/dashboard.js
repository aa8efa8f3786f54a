// The dashboard's script: the pages work without it. A "Copy" button copies the field it names.
(function () {
  "use strict";
  document.querySelectorAll("button[data-copy]").forEach(function (button) {
    button.hidden = false;
    button.addEventListener("click", function () {
      var field = document.getElementById(button.getAttribute("data-copy"));
      var done = function () {
        button.textContent = button.getAttribute("data-copied");
      };
      if (navigator.clipboard) {
        navigator.clipboard.writeText(field.value).then(done, function () {
          field.select();
        });
      } else {
        field.select();
      }
    });
  });
})();
