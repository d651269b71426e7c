import { useState } from "react";
import type { User } from "../lib/api-types";
import { getAppContext } from "../lib/context";
import { PasswordChange } from "../ui/PasswordChange";
import { AccountMenu, type MenuSection } from "./AccountMenu";
import { ProfileHeader } from "./ProfileHeader";
import { OwnUploadsSection } from "./OwnUploadsSection";
import type { OwnUploads, PublicProfile } from "./profile-data";
import { AccountDetailsSection } from "./sections/AccountDetailsSection";
import { ChangeUsernameSection } from "./sections/ChangeUsernameSection";
import { DeleteAccountSection } from "./sections/DeleteAccountSection";
import { LogOutSection } from "./sections/LogOutSection";
import { PrivacySection } from "./sections/PrivacySection";
import { YourDataSection } from "./sections/YourDataSection";
import { t } from "../lib/i18n";

export interface ProfileProps {
  profile: PublicProfile;
  /** True when the signed-in viewer is this profile's owner; the account sections show only then. */
  isOwn: boolean;
  /** The owner's uploads; null for anyone else. */
  uploads: OwnUploads | null;
}

function accountSections(account: User, onSaved: (user: User) => void, brand: string): MenuSection[] {
  return [
    { id: "details", label: t("Account Details"), content: <AccountDetailsSection account={account} onSaved={onSaved} /> },
    { id: "security", label: t("Password & Security"), content: <PasswordChange submitLabel={t("Change Password")} /> },
    { id: "privacy", label: t("Privacy"), content: <PrivacySection account={account} onSaved={onSaved} /> },
    { id: "username", label: t("Change Username"), content: <ChangeUsernameSection account={account} /> },
    { id: "data", label: t("Your Data"), content: <YourDataSection /> },
    { id: "delete", label: t("Delete Account"), content: <DeleteAccountSection /> },
    { id: "logout", label: t("Log Out"), content: <LogOutSection brand={brand} /> },
  ];
}

interface OwnProfileProps {
  profile: PublicProfile;
  account: User;
  brand: string;
  uploads: OwnUploads | null;
}

function OwnProfile({ profile, account: initialAccount, brand, uploads }: OwnProfileProps) {
  const [account, setAccount] = useState(initialAccount);
  return (
    <>
      <ProfileHeader profile={{ ...profile, bio: account.bio, avatar: account.avatar }} isOwn />
      {uploads && <OwnUploadsSection uploads={uploads} />}
      <AccountMenu sections={accountSections(account, setAccount, brand)} />
    </>
  );
}

/** /profile/{username}: the header for everyone, and the account sections for the profile's owner. */
export default function Profile({ profile, isOwn, uploads }: ProfileProps) {
  const { user, brand } = getAppContext();
  if (isOwn && user) return <OwnProfile profile={profile} account={user} brand={brand} uploads={uploads} />;
  return <ProfileHeader profile={profile} isOwn={false} />;
}
