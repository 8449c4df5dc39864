/**
 * Picks the person an order is assigned to among the people its studio works with (`GET /users?assignableTo=`):
 * a labelled combobox (ARIA 1.2, list autocomplete) listing "Unassigned" and each person with their vendor and their
 * work (languages, open orders, due this week, on the order's project), kept to those who have worked in the order's
 * language when some have (a checkbox undoes it). Type to narrow (every typed word starts a word of the name, e-mail or
 * vendor), arrows to move, Enter to choose, Escape to close; the list loads when the control is first focused (or to
 * name a value known only by its id).
 */
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import {
  assigneeOption,
  hasWorkedIn,
  matchesTyped,
  workLine,
  type AssigneeOption,
  type AssigneeValue,
} from '../model/assignees';
import { useAssignableUsers } from '../assigneeQueries';
import { useDebounced } from '../../../lib/useDebounced';
import './assigneePicker.css';

export interface AssigneePickerProps {
  /** The studio whose people are offered; null: the people of every studio the caller coordinates. */
  studio: string | null;
  value: AssigneeValue;
  onChange: (value: AssigneeValue) => void;
  label?: string;
  disabled?: boolean;
  /** What the empty choice reads ("Unassigned"; a filter may say "Anyone"). */
  noneLabel?: string;
  /** Shown under the control (e.g. why it is disabled). */
  hint?: string;
  /** The order's language (a code): the list can keep to those who have worked in it. */
  language?: string | undefined;
  /** The order's project: each person's orders on it are counted. */
  project?: string | undefined;
}

type Choice = { kind: 'none' } | { kind: 'person'; option: AssigneeOption };

export function AssigneePicker({
  studio,
  value,
  onChange,
  label = 'Assignee',
  disabled = false,
  noneLabel = 'Unassigned',
  hint,
  language,
  project,
}: AssigneePickerProps) {
  const ids = useId();
  const [typed, setTyped] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [wanted, setWanted] = useState(false);

  const enabled = !disabled && (wanted || (value !== null && !value.name));
  const all = useAssignableUsers(studio, '', enabled, project);
  const page = all.data;
  const complete = page !== undefined && (page.total ?? Number.POSITIVE_INFINITY) <= page.items.length;
  const debounced = useDebounced(typed?.trim() ?? '', 250);
  // More people than one page: the typed text is searched by the server.
  const searched = useAssignableUsers(
    studio,
    debounced,
    enabled && page !== undefined && !complete && debounced !== '',
    project,
  );
  const source = !complete && debounced !== '' && searched.data ? searched.data : page;
  const people = (source?.items ?? []).flatMap((item) =>
    item.ok && item.data._id ? [assigneeOption({ ...item.data, _id: item.data._id })] : [],
  );
  // Kept to those who have worked in the order's language when some have (a choice the user can undo).
  const fluent = language ? people.filter((p) => hasWorkedIn(p, language)).length : 0;
  const [anyLanguage, setAnyLanguage] = useState(false);
  const byLanguage = language !== undefined && fluent > 0 && !anyLanguage;
  const typedMatches = people.filter((p) => matchesTyped(p, typed ?? ''));
  const inLanguage = byLanguage ? typedMatches.filter((p) => hasWorkedIn(p, language)) : typedMatches;
  // A name typed that no one of the language matches is still found: the filter steps aside, and says so.
  const widened = byLanguage && inLanguage.length === 0 && typedMatches.length > 0;
  const shown = widened ? typedMatches : inLanguage;
  const choices: Choice[] = [{ kind: 'none' }, ...shown.map((option) => ({ kind: 'person' as const, option }))];
  const loading = enabled && (all.isPending || searched.isFetching);

  const knownName =
    value === null ? undefined : (value.name ?? people.find((p) => p._id === value._id)?.name ?? undefined);
  const display = value === null ? '' : (knownName ?? (all.isLoading ? 'Loading…' : 'Unknown person'));
  const activeIndex = Math.min(active, choices.length - 1);
  const optionId = (i: number) => `${ids}-option-${i}`;

  useEffect(() => {
    if (open) document.getElementById(optionId(activeIndex))?.scrollIntoView?.({ block: 'nearest' });
  });

  const indexOfValue = () =>
    value === null
      ? 0
      : Math.max(
          0,
          choices.findIndex((c) => c.kind === 'person' && c.option._id === value._id),
        );

  const openList = () => {
    setWanted(true);
    if (!open) {
      setOpen(true);
      setActive(indexOfValue());
    }
  };
  const close = () => {
    setOpen(false);
    setTyped(null);
  };
  const choose = (choice: Choice | undefined) => {
    if (!choice) return;
    close();
    const next: AssigneeValue = choice.kind === 'none' ? null : { _id: choice.option._id, name: choice.option.name };
    if ((next?._id ?? null) !== (value?._id ?? null)) onChange(next);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    switch (e.key) {
      case 'ArrowDown':
        e.preventDefault();
        if (!open || e.altKey) openList();
        else setActive(Math.min(activeIndex + 1, choices.length - 1));
        break;
      case 'ArrowUp':
        e.preventDefault();
        if (!open) openList();
        else setActive(Math.max(activeIndex - 1, 0));
        break;
      case 'PageDown':
        if (open) {
          e.preventDefault();
          setActive(Math.min(activeIndex + 8, choices.length - 1));
        }
        break;
      case 'PageUp':
        if (open) {
          e.preventDefault();
          setActive(Math.max(activeIndex - 8, 0));
        }
        break;
      case 'Enter':
        if (open) {
          e.preventDefault();
          choose(choices[activeIndex]);
        }
        break;
      case 'Escape':
        if (open || typed !== null) {
          e.preventDefault();
          e.stopPropagation();
          close();
        }
        break;
      case 'Tab':
        close();
        break;
    }
  };

  const count = shown.length;
  const status = all.isError
    ? 'The people of this studio could not be loaded.'
    : loading
      ? 'Loading people…'
      : open
        ? count === 0
          ? `No one matches “${typed ?? ''}”.`
          : widened
            ? `No one who has worked in ${language} matches “${typed ?? ''}”: ${count} ${count === 1 ? 'other' : 'others'} do.`
            : `${count} ${count === 1 ? 'person' : 'people'}`
        : '';

  return (
    <div className="assignee-picker">
      <label htmlFor={`${ids}-input`}>{label}</label>
      <div className="assignee-picker__control">
        <input
          id={`${ids}-input`}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={`${ids}-list`}
          aria-activedescendant={open ? optionId(activeIndex) : undefined}
          aria-describedby={`${ids}-status${hint ? ` ${ids}-hint` : ''}`}
          autoComplete="off"
          spellCheck={false}
          disabled={disabled}
          placeholder={noneLabel}
          value={typed ?? display}
          onFocus={(e) => {
            setWanted(true);
            e.currentTarget.select();
          }}
          onClick={(e) => {
            // Typing replaces the shown name rather than adding to it.
            if (typed === null) e.currentTarget.select();
            openList();
          }}
          onChange={(e) => {
            setWanted(true);
            setTyped(e.target.value);
            setOpen(true);
            setActive(e.target.value.trim() ? 1 : 0);
          }}
          onKeyDown={onKeyDown}
          onBlur={close}
        />
        <button
          type="button"
          className="assignee-picker__toggle"
          tabIndex={-1}
          aria-label={`${open ? 'Hide' : 'Show'} the people to choose from`}
          aria-controls={`${ids}-list`}
          aria-expanded={open}
          disabled={disabled}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => {
            if (open) close();
            else {
              openList();
              document.getElementById(`${ids}-input`)?.focus();
            }
          }}
        >
          <span aria-hidden="true">▾</span>
        </button>
        <ul id={`${ids}-list`} role="listbox" aria-label={label} className="assignee-picker__list" hidden={!open}>
          {open
            ? choices.map((c, i) => {
                const selected = c.kind === 'none' ? value === null : c.option._id === value?._id;
                return (
                  <li
                    key={c.kind === 'none' ? '' : c.option._id}
                    id={optionId(i)}
                    role="option"
                    aria-selected={selected}
                    className={`assignee-picker__option${i === activeIndex ? ' is-active' : ''}`}
                    onMouseDown={(e) => e.preventDefault()}
                    onMouseMove={() => {
                      if (i !== activeIndex) setActive(i);
                    }}
                    onClick={() => choose(c)}
                  >
                    {c.kind === 'none' ? (
                      <span className="assignee-picker__none">{noneLabel}</span>
                    ) : (
                      <>
                        <span className="assignee-picker__name">{c.option.name}</span>
                        {c.option.vendor ? <span className="assignee-picker__vendor">{c.option.vendor}</span> : null}
                        {c.option.work ? <span className="assignee-picker__work">{workLine(c.option)}</span> : null}
                      </>
                    )}
                  </li>
                );
              })
            : null}
        </ul>
      </div>
      <div className={`assignee-picker__status${all.isError ? ' assignee-picker__status--error' : ''}`}>
        <span id={`${ids}-status`} role="status">
          {status}
        </span>
        {all.isError ? (
          <button type="button" className="link-button" onClick={() => void all.refetch()}>
            Try again
          </button>
        ) : null}
      </div>
      {language && fluent > 0 ? (
        <label className="assignee-picker__filter">
          <input
            type="checkbox"
            checked={byLanguage}
            disabled={disabled}
            onChange={(e) => setAnyLanguage(!e.target.checked)}
          />{' '}
          Only people who have worked in {language} ({fluent} of {people.length})
        </label>
      ) : null}
      {hint ? (
        <div id={`${ids}-hint`} className="assignee-picker__hint">
          {hint}
        </div>
      ) : null}
    </div>
  );
}
