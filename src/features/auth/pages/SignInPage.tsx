/** Sign-in: username and password, checked with POST /session; "keep me signed in" is opt-in. */
import { useId, useRef, useState, type FormEvent } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../api/client';
import { describeError } from '../../../components/ErrorPanel';
import { describedByOf, FieldError } from '../../../components/FieldError';
import { useDocumentTitle } from '../../../components/PageTitle';
import { safeReturnPath } from '../../../lib/safeUrl';
import { useSessionState } from '../../../lib/session/useSession';
import { useSignIn } from '../queries';
import '../auth.css';

const REASONS: Record<string, string> = {
  expired:
    'Your session has ended: the server no longer accepts your sign-in (was your password changed?). Sign in again to continue where you were.',
  disabled: 'You were signed out: your account has been disabled. Ask an administrator to enable it.',
  'other-tab': 'You were signed out in another tab.',
  'signed-out': 'You have signed out.',
};

const MISSING = { username: 'Enter your username or e-mail.', password: 'Enter your password.' };

export function SignInPage() {
  useDocumentTitle('Sign in');
  const state = useSessionState();
  const [params] = useSearchParams();
  const next = safeReturnPath(params.get('next'));
  const signIn = useSignIn();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const rememberHint = useId();
  const errorId = useId();
  // The fields found empty by the last submit (until typed in): said at each field, the first one focused.
  const [missing, setMissing] = useState<{ username?: boolean; password?: boolean }>({});
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  if (state.status === 'signed-in') return <Navigate to={next} replace />;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (signIn.isPending) return;
    const empty = { username: !username.trim(), password: !password };
    if (empty.username || empty.password) {
      setMissing(empty);
      (empty.username ? usernameRef : passwordRef).current?.focus();
      return;
    }
    signIn.mutate({ username: username.trim(), password, remember });
  };

  const wrongPassword = isApiError(signIn.error) && signIn.error.status === 401;
  /** What a field found empty says. */
  const missingText = (field: 'username' | 'password') => (missing[field] ? MISSING[field] : undefined);
  /** A field's invalid state and the error that describes it. */
  const fieldState = (field: 'username' | 'password') => ({
    'aria-invalid': wrongPassword || missing[field] || undefined,
    'aria-describedby': describedByOf(`signin-${field}`, undefined, missingText(field)),
  });
  const edit = (field: 'username' | 'password', set: (value: string) => void, value: string) => {
    set(value);
    setMissing((m) => ({ ...m, [field]: false }));
  };

  const errorText = signIn.error
    ? wrongPassword
      ? 'The username or password is incorrect. Check both and try again.'
      : describeError(signIn.error)
    : undefined;
  const reason = state.reason ? REASONS[state.reason] : undefined;

  return (
    <main className="signin">
      <div className="signin__card">
        <div className="signin__brand">
          <span className="brand-mark" aria-hidden="true">
            M
          </span>{' '}
          MWS Console
        </div>
        <h1>Sign in</h1>
        {reason && !errorText ? (
          <p className="notice notice--info" role="status">
            {reason}
          </p>
        ) : null}
        <form onSubmit={onSubmit} noValidate aria-describedby={errorText ? errorId : undefined}>
          <div className="form-field">
            <label htmlFor="signin-username">Username or e-mail</label>
            <input
              id="signin-username"
              name="username"
              type="text"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              required
              autoFocus
              ref={usernameRef}
              value={username}
              {...fieldState('username')}
              onChange={(e) => edit('username', setUsername, e.target.value)}
            />
            <FieldError id="signin-username" error={missingText('username')} />
          </div>
          <div className="form-field">
            <label htmlFor="signin-password">Password</label>
            <input
              id="signin-password"
              name="password"
              type="password"
              autoComplete="current-password"
              required
              ref={passwordRef}
              value={password}
              {...fieldState('password')}
              onChange={(e) => edit('password', setPassword, e.target.value)}
            />
            <FieldError id="signin-password" error={missingText('password')} />
          </div>
          <div className="checkbox-field">
            <input
              id="signin-remember"
              type="checkbox"
              checked={remember}
              aria-describedby={rememberHint}
              onChange={(e) => setRemember(e.target.checked)}
            />
            <div>
              <label htmlFor="signin-remember">Keep me signed in</label>
              <p id={rememberHint} className="hint">
                {remember
                  ? 'Your credentials stay in this browser (local storage) until you sign out. Use this only on a device you trust.'
                  : 'Your credentials are kept for this tab only (session storage) and forgotten when you close it.'}
              </p>
            </div>
          </div>
          {errorText ? (
            <p id={errorId} className="form-error" role="alert">
              {errorText}
            </p>
          ) : null}
          <button
            type="submit"
            className="button button--primary button--block"
            // Never disabled for empty fields: a press says which are missing (a disabled button says nothing).
            aria-disabled={signIn.isPending || undefined}
          >
            {signIn.isPending ? 'Signing in…' : 'Sign in'}
          </button>
        </form>
      </div>
    </main>
  );
}
