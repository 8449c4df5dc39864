/**
 * Changing one's own password: the current one, the new one twice. The server checks the current one as a sign-in
 * (a wrong one is a 403 and counts against the sign-in limits); on success this tab's credentials become the new
 * ones, and other devices' sessions end at their next request (docs/API.md, "Changing a password").
 */
import { useId, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { basicAuth, isApiError } from '../../../api/client';
import { changeOwnPassword } from '../../../api/users';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../api/schema/invitation';
import { describeError } from '../../../components/ErrorPanel';
import { Section } from '../../../components/Section';
import { changeCredentials } from '../../../lib/session/sessionStore';

interface Fields {
  current: string;
  next: string;
  again: string;
}

const EMPTY: Fields = { current: '', next: '', again: '' };

function problemsOf(f: Fields): Partial<Record<keyof Fields, string>> {
  const problems: Partial<Record<keyof Fields, string>> = {};
  if (!f.current) problems.current = 'Enter your current password.';
  if (f.next.length < PASSWORD_MIN) problems.next = `At least ${PASSWORD_MIN} characters.`;
  else if (f.next.length > PASSWORD_MAX) problems.next = `At most ${PASSWORD_MAX} characters.`;
  if (f.again !== f.next) problems.again = 'The two new passwords differ.';
  return problems;
}

function failure(error: unknown): string {
  if (isApiError(error) && error.status === 403) return 'The current password is wrong. Nothing was changed.';
  if (isApiError(error) && error.status === 429) return `${error.message}. Nothing was changed.`;
  return `Not changed: ${describeError(error)}`;
}

export function PasswordForm({ userId, username }: { userId: string; username: string }) {
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [submitted, setSubmitted] = useState(false);
  const ids = { current: useId(), next: useId(), again: useId(), status: useId() };
  const change = useMutation({
    mutationFn: (f: Fields) => changeOwnPassword(userId, f.current, f.next),
    onSuccess: (_saved, f) => {
      changeCredentials(basicAuth(username, f.next));
      setFields(EMPTY);
      setSubmitted(false);
    },
  });
  const problems = submitted ? problemsOf(fields) : {};

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const found = problemsOf(fields);
    const first = (['current', 'next', 'again'] as const).find((k) => found[k]);
    if (first) return document.getElementById(ids[first])?.focus();
    change.mutate(fields);
  };

  const field = (key: keyof Fields, label: string, autoComplete: string) => (
    <div className="form-field">
      <label htmlFor={ids[key]}>{label}</label>
      <input
        id={ids[key]}
        type="password"
        value={fields[key]}
        autoComplete={autoComplete}
        aria-invalid={problems[key] ? true : undefined}
        aria-describedby={problems[key] ? `${ids[key]}-error` : undefined}
        onChange={(e) => {
          change.reset();
          setFields((f) => ({ ...f, [key]: e.target.value }));
        }}
      />
      {problems[key] ? (
        <span id={`${ids[key]}-error`} className="field-error">
          {problems[key]}
        </span>
      ) : null}
    </div>
  );

  return (
    <form className="settings-form settings-password" onSubmit={onSubmit} noValidate aria-describedby={ids.status}>
      <Section title="Password">
        {field('current', 'Current password', 'current-password')}
        {field('next', 'New password', 'new-password')}
        {field('again', 'New password again', 'new-password')}
        <div className="settings-password__actions">
          <div id={ids.status} className="settings-actions__status">
            {change.isError ? (
              <span className="form-error" role="alert">
                {failure(change.error)}
              </span>
            ) : change.isSuccess ? (
              <span className="settings-saved" role="status">
                Password changed. Your other devices will ask you to sign in again.
              </span>
            ) : null}
          </div>
          <button type="submit" className="button button--primary" disabled={change.isPending}>
            {change.isPending ? 'Changing…' : 'Change password'}
          </button>
        </div>
      </Section>
    </form>
  );
}
