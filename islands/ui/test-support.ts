import { act } from "react";

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** The form control a <label> with this exact text points at, whatever its kind. */
export function controlLabelled<T extends Control = Control>(container: ParentNode, text: string): T {
  const label = Array.from(container.querySelectorAll("label")).find((element) => element.textContent?.trim() === text);
  const control = label?.htmlFor ? document.getElementById(label.htmlFor) : null;
  if (!control) throw new Error(`No control labelled "${text}"`);
  return control as T;
}

/** Sets a textarea's or select's value the way a person does, so React's onChange fires. */
export function changeValue(control: HTMLTextAreaElement | HTMLSelectElement, value: string): void {
  const setValue = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(control), "value")?.set;
  act(() => {
    setValue?.call(control, value);
    control.dispatchEvent(new Event(control instanceof HTMLSelectElement ? "change" : "input", { bubbles: true }));
  });
}

/** A fetch stand-in answering by "METHOD path" with JSON, and recording the calls. */
export function routedFetch(routes: Record<string, () => Response | Promise<Response>>) {
  const calls: Array<{ method: string; url: string; body: unknown; headers: Record<string, string> }> = [];
  const fetch = async (url: string, init: RequestInit): Promise<Response> => {
    const method = init.method ?? "GET";
    calls.push({
      method,
      url,
      body: typeof init.body === "string" ? JSON.parse(init.body) : undefined,
      headers: (init.headers ?? {}) as Record<string, string>,
    });
    const route = routes[`${method} ${url}`];
    if (!route) return new Response(JSON.stringify({ message: `No route for ${method} ${url}` }), { status: 404 });
    return route();
  };
  return { fetch, calls };
}
