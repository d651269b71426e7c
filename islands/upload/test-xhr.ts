/** A stand-in for XMLHttpRequest in tests: records the request and answers when told to. */
export class FakeXhr {
  static instances: FakeXhr[] = [];
  method = "";
  url = "";
  headers: Record<string, string> = {};
  withCredentials = false;
  status = 0;
  responseText = "";
  body: unknown = null;
  readonly upload = new EventTarget();
  private readonly events = new EventTarget();

  constructor() {
    FakeXhr.instances.push(this);
  }

  static latest(): FakeXhr {
    const latest = FakeXhr.instances.at(-1);
    if (!latest) throw new Error("No request was sent");
    return latest;
  }

  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string): void {
    this.headers[name] = value;
  }

  send(body: unknown): void {
    this.body = body;
  }

  addEventListener(type: string, listener: EventListener): void {
    this.events.addEventListener(type, listener);
  }

  abort(): void {
    this.events.dispatchEvent(new Event("abort"));
  }

  progress(loaded: number, total: number): void {
    this.upload.dispatchEvent(new ProgressEvent("progress", { lengthComputable: true, loaded, total }));
  }

  respond(status: number, body: unknown): void {
    this.status = status;
    this.responseText = typeof body === "string" ? body : JSON.stringify(body);
    this.events.dispatchEvent(new Event("load"));
  }

  failNetwork(): void {
    this.events.dispatchEvent(new Event("error"));
  }
}
