/**
 * `/invite/:code`: the page an invited person opens from their invitation. It greets them by e-mail, asks for
 * their name and a password, accepts the invitation (extension `POST /invitations/{code}`) and signs them in.
 * An unknown or used link says so and points to sign-in; nothing typed is lost when the server refuses.
 */
import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { isApiError, isUnavailable } from '../../../api/client';
import { PASSWORD_MAX, PASSWORD_MIN, type InvitationAcceptance } from '../../../api/schema/invitation';
import { describeError, ErrorPanel } from '../../../components/ErrorPanel';
import { useDocumentTitle } from '../../../components/PageTitle';
import { landingPath } from '../../../lib/landing';
import { useSession } from '../../../lib/session/useSession';
import { useAcceptInvitation, useInvitation } from '../invitation';
import '../auth.css';

type Field = 'name' | 'password' | 'confirm';
type FieldErrors = Partial<Record<Field, string>>;

/** What the form says before anything is sent. */
export function checkInvitationForm(values: { name: string; password: string; confirm: string }): FieldErrors {
  const errors: FieldErrors = {};
  if (!values.name.trim()) errors.name = 'Enter your name as colleagues should see it.';
  if (values.password.length < PASSWORD_MIN) errors.password = `Use at least ${PASSWORD_MIN} characters.`;
  else if (values.password.length > PASSWORD_MAX) errors.password = `Use at most ${PASSWORD_MAX} characters.`;
  if (!errors.password && values.confirm !== values.password) errors.confirm = 'The two passwords are not the same.';
  return errors;
}

/** The server's 400 details (`[{path, message}]`) as field errors; anything else stays a form-level message. */
function serverFieldErrors(error: unknown): FieldErrors {
  if (!isApiError(error) || error.status !== 400 || !Array.isArray(error.details)) return {};
  const out: FieldErrors = {};
  for (const d of error.details as { path?: unknown; message?: unknown }[]) {
    if ((d.path === 'name' || d.path === 'password') && typeof d.message === 'string')
      out[d.path] = `The server says: ${d.message}.`;
  }
  return out;
}

export function InvitePage() {
  const { code = '' } = useParams();
  useDocumentTitle('Accept your invitation');
  const invitation = useInvitation(code);
  const accept = useAcceptInvitation(code);
  const session = useSession();
  const navigate = useNavigate();
  const [name, setName] = useState<string>();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [tried, setTried] = useState(false);
  const ids = { name: useId(), password: useId(), confirm: useId(), form: useId() };

  const email = invitation.data?.emailNormal ?? invitation.data?.username ?? '';
  const nameValue = name ?? invitation.data?.name ?? '';
  // Checked as the person types once they have tried to submit; the server's word wins for its fields.
  const serverErrors = serverFieldErrors(accept.error);
  const errors = { ...(tried ? checkInvitationForm({ name: nameValue, password, confirm }) : {}), ...serverErrors };
  const formError =
    accept.error && Object.keys(serverErrors).length === 0
      ? isApiError(accept.error) && accept.error.status === 404
        ? 'This invitation was used or withdrawn meanwhile. If you set your password already, sign in.'
        : isApiError(accept.error) && accept.error.status === 410
          ? 'This invitation expired meanwhile. Ask whoever invited you for a new link; what you typed is kept until you leave.'
          : describeError(accept.error)
      : undefined;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = checkInvitationForm({ name: nameValue, password, confirm });
    setTried(true);
    if (Object.keys(found).length > 0) {
      document.getElementById(ids[Object.keys(found)[0] as Field])?.focus();
      return;
    }
    const input: InvitationAcceptance = { name: nameValue.trim(), password };
    accept.mutate(input, { onSuccess: (user) => void navigate(landingPath(user), { replace: true }) });
  };

  const describedBy = (field: Field, hint?: string) =>
    [errors[field] ? `${ids[field]}-error` : '', hint ?? ''].filter(Boolean).join(' ') || undefined;

  let body;
  if (invitation.isPending) {
    body = (
      <p role="status" className="muted">
        Opening your invitation…
      </p>
    );
  } else if (invitation.isError) {
    body =
      isApiError(invitation.error) && invitation.error.status === 404 && invitation.error.code === 'not_found' ? (
        <div className="notice notice--warning" role="alert">
          <p>
            <strong>This invitation link is unknown or has been used already.</strong>
          </p>
          <p>
            If you have set your password, <Link to="/sign-in">sign in</Link>. Otherwise ask whoever invited you for a
            new invitation.
          </p>
        </div>
      ) : isApiError(invitation.error) && invitation.error.status === 410 ? (
        <div className="notice notice--warning" role="alert">
          <p>
            <strong>This invitation has expired.</strong>
          </p>
          <p>
            Invitation links work for a limited time. Ask whoever invited you to send a new link; if you have set your
            password already, <Link to="/sign-in">sign in</Link>.
          </p>
        </div>
      ) : isUnavailable(invitation.error) ? (
        <div className="notice notice--warning" role="alert">
          <p>
            This deployment does not accept invitations from this console. Follow the link in your invitation e-mail, or
            ask your coordinator.
          </p>
        </div>
      ) : (
        <ErrorPanel
          error={invitation.error}
          title="Could not open this invitation"
          onRetry={() => void invitation.refetch()}
        />
      );
  } else {
    body = (
      <>
        <p className="signin__intro">
          You are invited to MWS Console as <strong>{email}</strong>. Choose how you appear to colleagues and a
          password; you will be signed in right away.
        </p>
        {session ? (
          <p className="notice notice--info" role="status">
            This browser is signed in as {session.username}. Accepting signs you in as {email} instead.
          </p>
        ) : null}
        <form onSubmit={onSubmit} noValidate aria-describedby={formError ? `${ids.form}-error` : undefined}>
          <div className="form-field">
            <label htmlFor={ids.name}>Your name</label>
            <input
              id={ids.name}
              type="text"
              autoComplete="name"
              value={nameValue}
              maxLength={200}
              required
              autoFocus
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={describedBy('name')}
              onChange={(e) => setName(e.target.value)}
            />
            {errors.name ? (
              <p id={`${ids.name}-error`} className="form-error">
                {errors.name}
              </p>
            ) : null}
          </div>
          <div className="form-field">
            <label htmlFor={ids.password}>Password</label>
            <input
              id={ids.password}
              type="password"
              autoComplete="new-password"
              value={password}
              required
              aria-invalid={errors.password ? true : undefined}
              aria-describedby={describedBy('password', `${ids.password}-hint`)}
              onChange={(e) => setPassword(e.target.value)}
            />
            <p id={`${ids.password}-hint`} className="hint">
              At least {PASSWORD_MIN} characters.
            </p>
            {errors.password ? (
              <p id={`${ids.password}-error`} className="form-error">
                {errors.password}
              </p>
            ) : null}
          </div>
          <div className="form-field">
            <label htmlFor={ids.confirm}>Password again</label>
            <input
              id={ids.confirm}
              type="password"
              autoComplete="new-password"
              value={confirm}
              required
              aria-invalid={errors.confirm ? true : undefined}
              aria-describedby={describedBy('confirm')}
              onChange={(e) => setConfirm(e.target.value)}
            />
            {errors.confirm ? (
              <p id={`${ids.confirm}-error`} className="form-error">
                {errors.confirm}
              </p>
            ) : null}
          </div>
          {formError ? (
            <p id={`${ids.form}-error`} className="form-error" role="alert">
              {formError}
            </p>
          ) : null}
          <button type="submit" className="button button--primary button--block" disabled={accept.isPending}>
            {accept.isPending ? 'Setting up your account…' : 'Accept and sign in'}
          </button>
        </form>
      </>
    );
  }

  return (
    <main className="signin">
      <div className="signin__card">
        <div className="signin__brand">
          <span className="brand-mark" aria-hidden="true">
            M
          </span>{' '}
          MWS Console
        </div>
        <h1>Accept your invitation</h1>
        {body}
      </div>
    </main>
  );
}
