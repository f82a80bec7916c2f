import { useEffect } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { commonMessages } from '../i18n/common.messages';

/** "Inventory · ListLoop": the screen first, so tabs and history tell screens apart. */
export function documentTitle(intl: IntlShape, page: string | null | undefined): string {
  const name = page?.trim();
  const app = intl.formatMessage(commonMessages.appName);
  return name ? intl.formatMessage(commonMessages.documentTitle, { page: name, app }) : app;
}

/**
 * Names the browser tab after the screen showing. Back to the app's name when the screen
 * goes, so a screen without a title of its own never keeps the one before.
 */
export function useDocumentTitle(page: string | null | undefined): void {
  const intl = useIntl();
  const title = documentTitle(intl, page);
  useEffect(() => {
    document.title = title;
  }, [title]);
  useEffect(
    () => () => {
      document.title = intl.formatMessage(commonMessages.appName);
    },
    [intl],
  );
}
