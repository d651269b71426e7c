import { useState, type InputHTMLAttributes } from "react";
import { EyeIcon, EyeOffIcon } from "./icons";
import { t } from "../lib/i18n";

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "className">;

/** A password input with a button that reveals or hides what was typed. */
export function PasswordInput(props: Props) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="input-group">
      <input {...props} className="input" type={visible ? "text" : "password"} />
      <button
        type="button"
        className="input-addon"
        aria-label={visible ? t("Hide password") : t("Show password")}
        onClick={() => setVisible((shown) => !shown)}
      >
        {visible ? <EyeOffIcon /> : <EyeIcon />}
      </button>
    </div>
  );
}
