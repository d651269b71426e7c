import { Fragment } from "react";
import { nameParts } from "../lib/format";

/** A handle or an e-mail address that wraps between its parts; only a part too long for a whole line breaks inside. */
export function WrappingName({ name }: { name: string }) {
  return (
    <>
      {nameParts(name).map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </>
  );
}
