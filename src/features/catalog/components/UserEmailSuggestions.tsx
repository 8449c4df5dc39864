/** A `<datalist>` of the e-mails of users matching `text` (userSuggestions.ts), for an e-mail field's `list`. */
import { useUserEmailSuggestions } from '../userSuggestions';

export function UserEmailSuggestions({ id, text, enabled }: { id: string; text: string; enabled: boolean }) {
  const suggestions = useUserEmailSuggestions(text, enabled);
  return (
    <datalist id={id}>
      {(suggestions.data ?? []).map((email) => (
        <option key={email} value={email} />
      ))}
    </datalist>
  );
}
