import { defineMessages } from './define-messages';

/** Texts used across screens. Screen texts live beside their screen in `*.messages.ts`. */
export const commonMessages = defineMessages({
  appName: { id: 'app.name' },
  documentTitle: { id: 'app.documentTitle' },
  loading: { id: 'common.loading' },
  retry: { id: 'common.retry' },
  backHome: { id: 'common.backHome' },
  close: { id: 'common.close' },
  cancel: { id: 'common.cancel' },
  dismiss: { id: 'common.dismiss' },
  networkError: { id: 'common.error.network' },
  unexpectedError: { id: 'common.error.unexpected' },
  unexpectedResponse: { id: 'common.error.unexpectedResponse' },
});
