import type { ContactMessage } from "../lib/api-types";
import { formatDateTime } from "./format";
import { ListStatus } from "./ListStatus";
import { Pager } from "./Pager";
import { PortalSection } from "./PortalSection";
import { fetchContactMessages } from "./portal-api";
import { usePagedResource } from "../lib/useResource";

function MessageRow({ message, subjectLabel }: { message: ContactMessage; subjectLabel: string }) {
  return (
    <li className="inbox-row inbox-message">
      <div className="inbox-main">
        <p className="inbox-title">{subjectLabel}</p>
        <p className="portal-muted inbox-meta">
          {message.name} · <a href={`mailto:${message.email}`}>{message.email}</a> · {formatDateTime(message.createdAt)}
        </p>
        <p className="inbox-body">{message.message}</p>
      </div>
    </li>
  );
}

/** Messages sent through the contact form, newest first. */
export function ContactMessagesPanel({ subjects }: { subjects: Readonly<Record<string, string>> }) {
  const messages = usePagedResource("Failed to load contact messages", fetchContactMessages);
  const list = messages.data?.messages ?? [];
  return (
    <PortalSection title="Contact Messages" description="Sent through the Contact Us page, newest first.">
      <ListStatus
        loading={messages.loading && !messages.data}
        failed={messages.error !== null}
        empty={list.length === 0}
        loadingText="Loading messages..."
        failedText="Could not load the contact messages."
        emptyText="No messages yet."
      />
      {list.length > 0 && (
        <ul className="inbox-list" aria-label="Contact messages" aria-busy={messages.loading}>
          {list.map((message) => (
            <MessageRow key={message._id} message={message} subjectLabel={subjects[message.subject] ?? message.subject} />
          ))}
        </ul>
      )}
      <Pager
        page={messages.page}
        pages={messages.data?.totalPages ?? 0}
        label="Contact message pages"
        disabled={messages.loading}
        onPage={messages.setPage}
      />
    </PortalSection>
  );
}
