import { defaultCatalogue, type MarketplaceId } from '@listloop/domain';
import { Avatar } from '@mantine/core';
import { textColourOn } from '../../lib/contrast';

/**
 * The marketplace's mark: its initials on its brand colour, in black or white, whichever reads
 * on it. The marketplaces' own logos are their trademarks and are not shipped with ListLoop.
 */
export const MARKS: Record<MarketplaceId, { initials: string; colour: string }> = {
  ebay: { initials: 'eB', colour: '#e53238' },
  etsy: { initials: 'Et', colour: '#f1641e' },
  shopify: { initials: 'Sh', colour: '#5e8e3e' },
  whatnot: { initials: 'Wn', colour: '#ffd400' },
  sellwild: { initials: 'Sw', colour: '#0c7bb3' },
  sellhound: { initials: 'Sh', colour: '#6b4f2a' },
  vestiaireApi: { initials: 'VC', colour: '#1a1a1a' },
  vestiaire: { initials: 'VC', colour: '#1a1a1a' },
  mercari: { initials: 'Me', colour: '#5356ee' },
  poshmark: { initials: 'Pm', colour: '#7f0353' },
  depop: { initials: 'De', colour: '#ff2300' },
  grailed: { initials: 'Gr', colour: '#111111' },
  facebook: { initials: 'Fb', colour: '#1877f2' },
  vinted: { initials: 'Vi', colour: '#09b1ba' },
  tradesy: { initials: 'Tr', colour: '#2d2d2d' },
  kidizen: { initials: 'Kz', colour: '#ef5b8f' },
};

export function MarketplaceLogo({
  marketplace,
  size = 40,
}: {
  marketplace: MarketplaceId;
  size?: number;
}) {
  const mark = MARKS[marketplace];
  return (
    <Avatar
      size={size}
      radius="md"
      aria-hidden
      data-logo={defaultCatalogue[marketplace].logo}
      styles={{
        root: { background: mark.colour },
        placeholder: { background: mark.colour, color: textColourOn(mark.colour), fontWeight: 700 },
      }}
    >
      {mark.initials}
    </Avatar>
  );
}
