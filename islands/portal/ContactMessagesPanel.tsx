import { useLayoutEffect, useRef, useState } from "react";
import type { ContactMessage } from "../lib/api-types";
import { formatDateTime } from "./format";
import { ListStatus } from "./ListStatus";
import { Pager } from "./Pager";
import { PortalSection } from "./PortalSection";
import { fetchContactMessages } from "./portal-api";
import { usePagedResource } from "../lib/useResource";
import { t } from "../lib/i18n";

/** A message's first lines, and the rest on demand: a message runs to 5,000 characters, a list shows many. */
function MessageBody({ text }: { text: string }) {
  const body = useRef<HTMLParagraphElement>(null);
  const [open, setOpen] = useState(false);
  const [cut, setCut] = useState(false);
  useLayoutEffect(() => {
    // Measured again when the window changes size: a phone turned upright cuts what fitted across.
    const measure = () => {
      const shown = body.current;
      if (shown && !open) setCut(shown.scrollHeight > shown.clientHeight);
    };
    measure();
    window.addEventListener("resize", measure);
    return () => window.removeEventListener("resize", measure);
  }, [text, open]);
  return (
    <>
      <p ref={body} className={open ? "inbox-body inbox-body-open" : "inbox-body"}>
        {text}
      </p>
      {cut ? (
        <button type="button" className="btn btn-link inbox-more" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? t("Show less") : t("Show more")}
        </button>
      ) : null}
    </>
  );
}

function MessageRow({ message, subjectLabel }: { message: ContactMessage; subjectLabel: string }) {
  return (
    <li className="inbox-row inbox-message">
      <div className="inbox-main">
        <p className="inbox-title">{subjectLabel}</p>
        <p className="portal-muted inbox-meta">
          {message.name} · <a href={`mailto:${message.email}`}>{message.email}</a> · {formatDateTime(message.createdAt)}
        </p>
        <MessageBody text={message.message} />
      </div>
    </li>
  );
}

/** Messages sent through the contact form, newest first. */
export function ContactMessagesPanel({ subjects }: { subjects: Readonly<Record<string, string>> }) {
  const messages = usePagedResource("Failed to load contact messages", fetchContactMessages);
  const list = messages.data?.messages ?? [];
  return (
    <PortalSection title={t("Contact Messages")} description={t("Sent through the Contact Us page, newest first.")}>
      <ListStatus
        loading={messages.loading && !messages.data}
        failed={messages.error !== null}
        empty={list.length === 0}
        loadingText={t("Loading messages...")}
        failedText={t("Could not load the contact messages.")}
        emptyText={t("No messages yet.")}
      />
      {list.length > 0 && (
        <ul className="inbox-list" aria-label={t("Contact messages")} aria-busy={messages.loading}>
          {list.map((message) => (
            <MessageRow key={message._id} message={message} subjectLabel={t(subjects[message.subject] ?? message.subject)} />
          ))}
        </ul>
      )}
      <Pager
        page={messages.page}
        pages={messages.data?.totalPages ?? 0}
        label={t("Contact message pages")}
        disabled={messages.loading}
        onPage={messages.setPage}
      />
    </PortalSection>
  );
}
