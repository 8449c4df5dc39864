/**
 * A splitter between two panes (the WAI-ARIA window-splitter pattern): a focusable separator whose value is the
 * size in pixels of the pane it controls, which sits after it (to its right). Dragging it, or the arrow keys
 * (Home / End for the smallest / largest), change that size; `onChange` receives it already kept within bounds.
 */
import { useRef, type KeyboardEvent, type PointerEvent } from 'react';

interface Props {
  label: string;
  /** The id of the pane whose size this sets. */
  controls: string;
  value: number;
  min: number;
  max: number;
  /** Pixels per arrow key press. */
  step?: number;
  onChange: (value: number) => void;
}

export function PaneSplitter({ label, controls, value, min, max, step = 20, onChange }: Props) {
  const drag = useRef<{ x: number; value: number } | undefined>(undefined);
  const set = (next: number) => onChange(Math.min(max, Math.max(min, Math.round(next))));

  const onKeyDown = (e: KeyboardEvent) => {
    // The pane is to the right: moving the separator left makes it wider.
    const moves: Record<string, number> = { ArrowLeft: step, ArrowRight: -step, Home: min - value, End: max - value };
    const move = moves[e.key];
    if (move === undefined) return;
    e.preventDefault();
    set(value + move);
  };
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { x: e.clientX, value };
  };
  const onPointerMove = (e: PointerEvent) => {
    if (drag.current) set(drag.current.value + (drag.current.x - e.clientX));
  };
  const endDrag = () => {
    drag.current = undefined;
  };

  return (
    <div
      role="separator"
      tabIndex={0}
      aria-label={label}
      aria-controls={controls}
      aria-orientation="vertical"
      aria-valuenow={value}
      aria-valuemin={min}
      aria-valuemax={max}
      aria-valuetext={`${value} pixels wide`}
      title="Drag, or focus and use the arrow keys"
      className="pane-splitter"
      onKeyDown={onKeyDown}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={endDrag}
      onPointerCancel={endDrag}
    />
  );
}
