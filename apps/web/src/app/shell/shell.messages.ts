import { defineMessages } from '../../i18n/define-messages';

export const shellMessages = defineMessages({
  reconnectLabel: { id: 'shell.reconnect.label' },
  reconnectOne: { id: 'shell.reconnect.one' },
  reconnectMany: { id: 'shell.reconnect.many' },
  reconnectLink: { id: 'shell.reconnect.link' },
});
