(function () {
  var root = document.documentElement;
  try {
    var theme = localStorage.getItem("theme");
    if (theme === "light" || theme === "dark") root.dataset.theme = theme;
  } catch (error) {}
  try {
    var from = new URL(document.referrer);
    if (from.origin === location.origin && from.pathname.indexOf("/user/") !== 0) root.dataset.cameFromSite = "true";
  } catch (error) {}
})();
