import { useState } from 'react';
import {
  applyLineSpacing,
  applyTheme,
  LINE_SPACING_LABELS,
  LINE_SPACINGS,
  storedLineSpacing,
  storedTheme,
  THEME_LABELS,
  type LineSpacing,
  type Theme,
} from '#app/lib/reading-comfort.ts';

const THEME_CHOICES = ['system', 'light', 'sepia', 'dark'] as const;

/**
 * The "Aa" panel's comfort settings: the site's theme, the chapter's line spacing and keeping the
 * screen on (and the way into the chanting view). Each is kept on the device (app/lib/reading-comfort.ts); loaded when the panel is
 * first opened (reader-bar.tsx). The wake lock itself is held by the bar, so a remembered choice
 * works without opening the panel.
 */
export function ComfortOptions({
  awake,
  onAwake,
  onChant,
}: {
  awake: boolean;
  onAwake: (on: boolean) => void;
  /** Opens the chanting view (chant-view.tsx). */
  onChant: () => void;
}) {
  // Rendered only in the browser, once the panel opens: the device's choices are read at once.
  const [theme, setTheme] = useState<Theme | 'system'>(storedTheme);
  const [spacing, setSpacing] = useState<LineSpacing>(storedLineSpacing);
  return (
    <>
      <Choices
        label="Giao diện"
        name="reader-theme"
        values={THEME_CHOICES}
        labels={THEME_LABELS}
        value={theme}
        onChange={(next) => {
          setTheme(next);
          applyTheme(next);
        }}
      />
      <Choices
        label="Giãn dòng"
        name="reader-line-spacing"
        values={LINE_SPACINGS}
        labels={LINE_SPACING_LABELS}
        value={spacing}
        onChange={(next) => {
          setSpacing(next);
          applyLineSpacing(next);
        }}
      />
      <label className="comfort-switch">
        <input type="checkbox" checked={awake} onChange={(e) => onAwake(e.target.checked)} />
        Giữ màn hình sáng
      </label>
      <button type="button" className="button button-ghost comfort-chant" onClick={onChant}>
        Chế độ tụng kinh
      </button>
    </>
  );
}

function Choices<T extends string>({
  label,
  name,
  values,
  labels,
  value,
  onChange,
}: {
  label: string;
  name: string;
  values: readonly T[];
  labels: Record<T, string>;
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <fieldset className="comfort-choices">
      <legend>{label}</legend>
      <div className="comfort-choices-row">
        {values.map((v) => (
          <label key={v} data-value={v}>
            <input type="radio" name={name} value={v} checked={value === v} onChange={() => onChange(v)} />
            <span>{labels[v]}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
