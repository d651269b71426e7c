import { takeCarriedNotice, type PageNotice } from "./storage";

/** Adds a notice to the page's notices above its content, as the server renders the ones it flashes. */
export function showNotice(notice: PageNotice, container = document.getElementById("page-notices")): HTMLElement | null {
  if (!container) return null;
  const line = document.createElement("p");
  line.className = "alert alert-success page-notice";
  line.textContent = notice.text;
  if (notice.link) {
    const link = document.createElement("a");
    link.href = notice.link.href;
    link.textContent = notice.link.label;
    line.append(" ", link);
  }
  container.append(line);
  return line;
}

/** Shows the notice the previous page carried over to this one, if any. */
export function showCarriedNotice(): void {
  const notice = takeCarriedNotice();
  if (notice) showNotice(notice);
}
