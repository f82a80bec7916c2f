import { Anchor } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useIntl } from 'react-intl';
import type { ActivityLink } from './activity-text';
import { activityTextMessages } from './activity-text.messages';

/** "Open": to the item, or to the screen of what changed. */
export function ActivityEntryLink({ link }: { link: ActivityLink }) {
  const intl = useIntl();
  return (
    <Anchor
      fz="sm"
      renderRoot={(props) => {
        switch (link.to) {
          case '/app/inventory/$itemId':
            return (
              <Link
                to="/app/inventory/$itemId"
                params={{ itemId: link.params.itemId }}
                {...props}
              />
            );
          case '/app/rules':
            return <Link to="/app/rules" search={link.search} {...props} />;
          case '/app/labels':
            return <Link to="/app/labels" {...props} />;
          case '/app/service-keys':
            return <Link to="/app/service-keys" {...props} />;
          default:
            return <Link to="/app/marketplaces" {...props} />;
        }
      }}
    >
      {intl.formatMessage(activityTextMessages.open)}
    </Anchor>
  );
}
