import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import type { User } from "../lib/api-types";
import { avatarInitial } from "../lib/format";
import { ChevronDownIcon, LogoutIcon, UserIcon } from "../ui/icons";
import { logout } from "./logout";
import { useDismiss } from "../ui/useDismiss";
import { WrappingName } from "../ui/WrappingName";
import { t } from "../lib/i18n";

export interface UserMenuProps {
  user: User;
}

function menuItems(menu: HTMLElement | null): HTMLElement[] {
  return menu ? Array.from(menu.querySelectorAll<HTMLElement>('[role="menuitem"]')) : [];
}

/** Arrow keys, Home and End move between the menu's items. */
function moveFocus(event: KeyboardEvent<HTMLElement>) {
  const items = menuItems(event.currentTarget);
  const current = items.indexOf(document.activeElement as HTMLElement);
  const targets: Record<string, number> = {
    ArrowDown: (current + 1) % items.length,
    ArrowUp: (current - 1 + items.length) % items.length,
    Home: 0,
    End: items.length - 1,
  };
  const next = targets[event.key];
  if (next === undefined) return;
  event.preventDefault();
  items[next]?.focus();
}

export default function UserMenu({ user }: UserMenuProps) {
  const [open, setOpen] = useState(false);
  const [loggingOut, setLoggingOut] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();

  const dismiss = useCallback((reason: "outside" | "escape") => {
    setOpen(false);
    if (reason === "escape") buttonRef.current?.focus();
  }, []);
  useDismiss(open, rootRef, dismiss);

  useEffect(() => {
    if (open) menuItems(menuRef.current)[0]?.focus();
  }, [open]);

  async function handleLogout() {
    setOpen(false);
    setLoggingOut(true);
    await logout();
  }

  return (
    <div className="user-menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="user-menu-trigger"
        aria-label={t("Account menu for {username}", { username: user.username })}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-busy={loggingOut}
        onClick={() => setOpen((isOpen) => !isOpen)}
      >
        <span className="avatar avatar-sm" aria-hidden="true">
          {avatarInitial(user.username)}
        </span>
        <span className="user-menu-name">{user.username}</span>
        <ChevronDownIcon className="user-menu-chevron" />
      </button>
      {open ? (
        <div
          ref={menuRef}
          id={menuId}
          className="user-menu-dropdown"
          role="menu"
          aria-label={t("Account")}
          onKeyDown={moveFocus}
        >
          <div className="user-menu-identity" role="presentation">
            <span className="user-menu-identity-name">
              <WrappingName name={user.username} />
            </span>
            <span className="user-menu-identity-email">
              <WrappingName name={user.email} />
            </span>
          </div>
          <a
            className="user-menu-item"
            role="menuitem"
            href={`/profile/${encodeURIComponent(user.username)}`}
            onClick={() => setOpen(false)}
          >
            <UserIcon />
            {t("Profile")}
          </a>
          <button type="button" className="user-menu-item" role="menuitem" onClick={handleLogout}>
            <LogoutIcon />
            {t("Logout")}
          </button>
        </div>
      ) : null}
    </div>
  );
}
