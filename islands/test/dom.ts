import { act, createElement, type ReactElement } from "react";
import { createRoot, type Root } from "react-dom/client";
import { vi } from "vitest";

// React only flushes updates inside act() when the environment says it is a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export interface Rendered {
  container: HTMLElement;
  root: Root;
  unmount: () => void;
}

export function render(element: ReactElement): Rendered {
  const container = document.createElement("div");
  document.body.append(container);
  const root = createRoot(container);
  act(() => root.render(element));
  return {
    container,
    root,
    unmount: () => {
      act(() => root.unmount());
      container.remove();
    },
  };
}

/** Sets a form control's value the way typing does, so React's onChange fires. */
export function typeInto(input: HTMLInputElement, value: string): void {
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set;
  act(() => {
    setValue?.call(input, value);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });
}

export function click(element: Element): void {
  act(() => {
    element.dispatchEvent(new MouseEvent("mousedown", { bubbles: true }));
    element.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
  });
}

export function pressKey(target: EventTarget, key: string): void {
  act(() => {
    target.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true }));
  });
}

export function submit(form: HTMLFormElement): void {
  act(() => {
    form.dispatchEvent(new Event("submit", { bubbles: true, cancelable: true }));
  });
}

export async function flush(ms = 0): Promise<void> {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, ms));
  });
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(body === undefined ? "" : JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json" },
  });
}

/** A global fetch that hands out a CSRF token, then answers every other call with `body` and `status`. */
export function stubApiAnswer(body: unknown, status = 200): void {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => (url.includes("csrf") ? jsonResponse({ csrfToken: "token" }) : jsonResponse(body, status))),
  );
}

export function labelled(container: ParentNode, text: string): HTMLInputElement {
  const label = Array.from(container.querySelectorAll("label")).find((element) => element.textContent?.trim() === text);
  const input = label?.htmlFor ? document.getElementById(label.htmlFor) : null;
  if (!(input instanceof HTMLInputElement)) throw new Error(`No input labelled "${text}"`);
  return input;
}

/** Picks `value` in the select labelled `label`, as a viewer would. */
export function chooseOption(container: ParentNode, label: string, value: string): void {
  const labelledBy = Array.from(container.querySelectorAll("label")).find((each) => each.textContent === label);
  const select = labelledBy?.htmlFor ? document.getElementById(labelledBy.htmlFor) : null;
  if (!(select instanceof HTMLSelectElement)) throw new Error(`No select labelled "${label}"`);
  act(() => {
    select.value = value;
    select.dispatchEvent(new Event("change", { bubbles: true }));
  });
}

export function buttonNamed(container: ParentNode, name: string): HTMLButtonElement {
  const button = Array.from(container.querySelectorAll("button")).find(
    (element) => element.getAttribute("aria-label") === name || element.textContent?.trim() === name,
  );
  if (!button) throw new Error(`No button named "${name}"`);
  return button;
}

/** Retries an assertion until it passes, letting React and pending requests make progress in between. */
export async function waitFor(assertion: () => void, timeoutMs = 2_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      assertion();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await flush(10);
    }
  }
}

export interface RenderedHook<T> {
  /** The hook's answer at the latest render. */
  result: { current: T };
  /** Renders again, as a parent would. */
  rerender: () => void;
  unmount: () => void;
}

/** Runs a hook inside a component, keeping its latest answer. */
export function renderHook<T>(hook: () => T): RenderedHook<T> {
  const result = {} as { current: T };
  function Probe() {
    result.current = hook();
    return null;
  }
  const { root, unmount } = render(createElement(Probe));
  return { result, rerender: () => act(() => root.render(createElement(Probe))), unmount };
}
