interface Props {
  /** 0 to 100. */
  percent: number;
  label: string;
}

/** A determinate progress bar with its percentage, announced to assistive technology. */
export function ProgressBar({ percent, label }: Props) {
  return (
    <div className="progress">
      <div
        className="progress-track"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div className="progress-fill" style={{ width: `${percent}%` }} />
      </div>
      <span className="progress-value" aria-hidden="true">
        {percent}%
      </span>
    </div>
  );
}
