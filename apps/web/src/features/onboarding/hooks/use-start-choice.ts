import { useLocalStorage } from '@mantine/hooks';
import { useSignedInSession } from '../../../lib/session';
import { isStartChoice, startChoiceStorageKey, type StartChoice } from '../start-choices';

/** The way to start this user picked, kept in this browser (the server does not store it). */
export function useStartChoice(): [StartChoice | null, (choice: StartChoice) => void] {
  const session = useSignedInSession();
  const [stored, setStored] = useLocalStorage<string | null>({
    key: startChoiceStorageKey(session.accountId, session.userId),
    defaultValue: null,
    getInitialValueInEffect: false,
    deserialize: (value) => (value === undefined ? null : value),
    serialize: (value) => value ?? '',
  });
  return [isStartChoice(stored) ? stored : null, setStored];
}
