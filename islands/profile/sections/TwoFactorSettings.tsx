import { useId, useState, type FormEvent } from "react";
import { disableTwoFactor, enableTwoFactor, startTwoFactorSetup } from "../../lib/account-api";
import type { TwoFactorSetup } from "../../lib/api-types";
import { FormField } from "../../ui/FormField";
import { FormMessage } from "../../ui/FormMessage";
import { PasswordInput } from "../../ui/PasswordInput";
import { focusFirstInvalid } from "../../ui/focus";
import { useCopyButton } from "../../ui/useCopyButton";
import { useSubmission } from "../../ui/useSubmission";
import { t } from "../../lib/i18n";

const CODE_PATTERN = /^\d{6}$/;

type Step =
  | { name: "off" }
  | { name: "scan"; setup: TwoFactorSetup }
  | { name: "recovery-codes"; codes: string[] }
  | { name: "on" }
  | { name: "confirm-disable" };

const SVG_NAMESPACE = 'xmlns="http://www.w3.org/2000/svg"';

/**
 * The server's QR SVG as an image address, so its markup is never inserted into the page. SVG written for
 * inline HTML may leave out its namespace, without which a browser cannot decode it as an image.
 */
export function svgImageSource(svg: string): string {
  const standalone = /^\s*<svg\b[^>]*\sxmlns=/.test(svg) ? svg : svg.replace(/<svg\b/, `<svg ${SVG_NAMESPACE}`);
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(standalone)}`;
}

/** The setup key in groups of four, easier to read and type (authenticator apps ignore the spaces). */
export function groupedSecret(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(" ") ?? "";
}

/** A 6-digit authenticator code with any spaces removed, or null when it is not one. */
export function authenticatorCode(typed: string): string | null {
  const code = typed.replace(/\s+/g, "");
  return CODE_PATTERN.test(code) ? code : null;
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { state, copy } = useCopyButton(codes.join("\n"), "Copying the recovery codes failed");
  const listId = useId();
  return (
    <div className="two-factor-step">
      <div className="alert alert-warning">
        {t(
          "Two-factor authentication is on. Save these recovery codes somewhere safe: each one signs you in once if you lose your authenticator app, and they are shown only now.",
        )}
      </div>
      <ol id={listId} className="recovery-codes" aria-label={t("Recovery codes")}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      {state === "failed" ? (
        <p className="field-error" role="alert">
          {t("Copying failed. Select the codes and copy them by hand.")}
        </p>
      ) : null}
      <div className="form-actions">
        <button type="button" className="btn btn-ghost" aria-controls={listId} onClick={() => void copy()}>
          {state === "copied" ? t("Copied!") : t("Copy Codes")}
        </button>
        <button type="button" className="btn btn-primary" onClick={onDone}>
          {t("Done")}
        </button>
      </div>
    </div>
  );
}

interface ScanProps {
  setup: TwoFactorSetup;
  onEnabled: (codes: string[]) => void;
  onCancel: () => void;
}

type CodeErrors = { code?: string; password?: string };

/** The field errors of the server's answer that these forms show next to their fields. */
function passwordAndCodeErrors({ code, password }: Record<string, string>): CodeErrors {
  return { ...(code ? { code } : {}), ...(password ? { password } : {}) };
}

function TwoFactorPasswordField({ value, error, onChange }: { value: string; error?: string; onChange: (value: string) => void }) {
  return (
    <FormField label={t("Password")} error={error}>
      {(control) => (
        <PasswordInput
          {...control}
          name="password"
          autoComplete="current-password"
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </FormField>
  );
}

function ScanAndVerify({ setup, onEnabled, onCancel }: ScanProps) {
  const [typed, setTyped] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<CodeErrors>({});
  const { busy, outcome, submit } = useSubmission();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const code = authenticatorCode(typed);
    const problems: CodeErrors = {};
    if (!code) problems.code = t("Enter the 6-digit code from your authenticator app");
    if (password === "") problems.password = t("Password is required");
    setErrors(problems);
    if (!code || problems.password) {
      focusFirstInvalid(event.currentTarget, ["code", "password"], problems);
      return;
    }
    // A refused code or password is said under its field only, not again above the form.
    const result = await submit(() => enableTwoFactor(code, password), {
      failure: t("Failed to enable two-factor authentication"),
      showFieldErrors: (fieldErrors) => setErrors(passwordAndCodeErrors(fieldErrors)),
    });
    if (result.ok) onEnabled(result.value);
  }

  return (
    <form className="two-factor-step" noValidate onSubmit={handleSubmit} aria-busy={busy}>
      <p>
        {t(
          "Scan this QR code with your authenticator app, or type the setup key into it. Then enter the code it shows and your password.",
        )}
      </p>
      <img className="two-factor-qr" src={svgImageSource(setup.qrSvg)} alt={t("QR code for your authenticator app")} />
      <p className="two-factor-secret">
        {t("Setup key:")} <code>{groupedSecret(setup.secret)}</code>
      </p>
      <FormMessage outcome={outcome} />
      <FormField label={t("Authentication Code")} error={errors.code}>
        {(control) => (
          <input
            {...control}
            className="input two-factor-code"
            type="text"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            value={typed}
            onChange={(event) => {
              setTyped(event.target.value);
              setErrors(({ code: _cleared, ...rest }) => rest);
            }}
          />
        )}
      </FormField>
      <TwoFactorPasswordField
        value={password}
        error={errors.password}
        onChange={(value) => {
          setPassword(value);
          setErrors(({ password: _cleared, ...rest }) => rest);
        }}
      />
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? t("Verifying...") : t("Verify and Enable")}
        </button>
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          {t("Cancel")}
        </button>
      </div>
    </form>
  );
}

function ConfirmDisable({ onDisabled, onCancel }: { onDisabled: () => void; onCancel: () => void }) {
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | undefined>(undefined);
  const { busy, outcome, submit } = useSubmission();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (password === "") {
      setError(t("Password is required"));
      focusFirstInvalid(event.currentTarget, ["password"], { password: true });
      return;
    }
    setError(undefined);
    const result = await submit(() => disableTwoFactor(password), {
      failure: t("Failed to disable two-factor authentication"),
      showFieldErrors: (fieldErrors) => setError(fieldErrors.password),
    });
    if (result.ok) onDisabled();
  }

  return (
    <form className="two-factor-step" noValidate onSubmit={handleSubmit} aria-busy={busy}>
      <p>{t("Enter your password to turn two-factor authentication off.")}</p>
      <FormMessage outcome={outcome} />
      <TwoFactorPasswordField
        value={password}
        error={error}
        onChange={(value) => {
          setPassword(value);
          setError(undefined);
        }}
      />
      <div className="form-actions">
        <button type="submit" className="btn btn-danger" disabled={busy}>
          {busy ? t("Disabling...") : t("Disable Two-Factor")}
        </button>
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          {t("Cancel")}
        </button>
      </div>
    </form>
  );
}

/** Two-factor sign-in: Enable runs the setup (QR, code and password, one-time recovery codes); Disable asks for the password. */
export function TwoFactorSettings({ initiallyEnabled }: { initiallyEnabled: boolean }) {
  const [step, setStep] = useState<Step>(initiallyEnabled ? { name: "on" } : { name: "off" });
  const { busy, outcome, setOutcome, submit } = useSubmission();
  const headingId = useId();

  async function startSetup() {
    const result = await submit(startTwoFactorSetup, { failure: t("Failed to start two-factor setup") });
    if (result.ok) setStep({ name: "scan", setup: result.value });
  }

  function show(next: Step, message: string | null = null) {
    setStep(next);
    setOutcome(message ? { tone: "success", text: message } : null);
  }

  return (
    <section className="two-factor" aria-labelledby={headingId}>
      <h3 id={headingId} className="two-factor-title">
        {t("Two-Factor Authentication")}
      </h3>
      <FormMessage outcome={outcome} />
      {step.name === "off" ? (
        <div className="two-factor-row">
          <p className="muted">{t("Ask for a code from an authenticator app whenever you sign in.")}</p>
          <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void startSetup()}>
            {busy ? t("Starting...") : t("Enable")}
          </button>
        </div>
      ) : null}
      {step.name === "scan" ? (
        <ScanAndVerify
          setup={step.setup}
          onEnabled={(codes) => show({ name: "recovery-codes", codes })}
          onCancel={() => show({ name: "off" })}
        />
      ) : null}
      {step.name === "recovery-codes" ? <RecoveryCodes codes={step.codes} onDone={() => show({ name: "on" })} /> : null}
      {step.name === "on" ? (
        <div className="two-factor-row">
          <p className="muted">{t("Two-factor authentication is on.")}</p>
          <button type="button" className="btn btn-ghost" onClick={() => show({ name: "confirm-disable" })}>
            {t("Disable")}
          </button>
        </div>
      ) : null}
      {step.name === "confirm-disable" ? (
        <ConfirmDisable
          onDisabled={() => show({ name: "off" }, t("Two-factor authentication is off."))}
          onCancel={() => show({ name: "on" })}
        />
      ) : null}
    </section>
  );
}
