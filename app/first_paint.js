(function () {
  var root = document.documentElement;
  try {
    var theme = localStorage.getItem("theme");
    if (theme === "light" || theme === "dark") root.dataset.theme = theme;
  } catch (error) {}
  // A feed page restores its own place (the video it was on) and opens at its top: left to the browser, a reload
  // scrolled the page part way down, the video no longer filling the phone's screen.
  if ("feedPage" in root.dataset && "scrollRestoration" in history) history.scrollRestoration = "manual";
  try {
    var from = new URL(document.referrer);
    if (from.origin === location.origin && from.pathname.indexOf("/user/") !== 0) root.dataset.cameFromSite = "true";
  } catch (error) {}
})();
