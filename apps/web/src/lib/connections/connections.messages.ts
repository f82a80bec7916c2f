import type { MessageDescriptor } from 'react-intl';
import { defineMessages } from '../../i18n/define-messages';
import type { ConnectionState } from './connection-state';

/** Texts about connections shown on more than one screen. */
export const connectionsMessages = defineMessages({
  connectedTitle: { id: 'connections.return.connectedTitle' },
  connectedBody: { id: 'connections.return.connectedBody' },
  connectedBodyUnnamed: { id: 'connections.return.connectedBodyUnnamed' },
  failedTitle: { id: 'connections.return.failedTitle' },
  sandboxTitle: { id: 'connections.sandbox.title' },
  sandboxBanner: { id: 'connections.sandbox.banner' },
  sandboxBadge: { id: 'connections.sandbox.badge' },
  sandboxBadgeHint: { id: 'connections.sandbox.badgeHint' },
});

export const connectionStateMessages = defineMessages({
  connected: { id: 'marketplaces.state.connected' },
  needs_reconnect: { id: 'marketplaces.state.needsReconnect' },
  expired: { id: 'marketplaces.state.expired' },
  no_credentials: { id: 'marketplaces.state.noCredentials' },
  disconnected: { id: 'marketplaces.state.disconnected' },
}) satisfies Record<ConnectionState, MessageDescriptor>;
