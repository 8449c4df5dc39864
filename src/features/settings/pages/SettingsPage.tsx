/** Settings: shows who is signed in; editing preferences arrives in a later release. */
import { Field, Fields } from '../../../components/Field';
import { useDocumentTitle } from '../../../components/PageTitle';
import { Section } from '../../../components/Section';
import { useSession } from '../../../lib/session/useSession';

export function SettingsPage() {
  useDocumentTitle('Settings');
  const session = useSession();
  const user = session?.user;
  return (
    <div className="page page--narrow">
      <h1 className="page__title">Settings</h1>
      <Section title="Your account">
        <Fields columns={2}>
          <Field label="Name">{user?.name}</Field>
          <Field label="E-mail">{user?.emailNormal ?? session?.username}</Field>
          <Field label="Groups">{user?.groups?.map((g) => g.name).filter(Boolean).join(', ')}</Field>
          <Field label="Territory">{user?.territory?.name}</Field>
          <Field label="Signed in">{session?.remember ? 'Kept signed in on this browser' : 'For this tab only'}</Field>
        </Fields>
      </Section>
      <div className="notice"><strong>Coming in a later release:</strong> editing your profile, password and e-mail preferences.</div>
    </div>
  );
}
