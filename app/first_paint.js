try {
  var theme = localStorage.getItem("theme");
  if (theme === "light" || theme === "dark") document.documentElement.dataset.theme = theme;
} catch (error) {}
try {
  var from = new URL(document.referrer);
  if (from.origin === location.origin && from.pathname.indexOf("/user/") !== 0) {
    document.documentElement.dataset.cameFromSite = "true";
  }
} catch (error) {}
