import { localeForCountry, type CountryCode } from '@listloop/domain';
import { Button, Menu } from '@mantine/core';
import { IconCheck, IconChevronDown, IconWorld } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { createIntl, createIntlCache, useIntl } from 'react-intl';
import { SWITCHABLE_COUNTRIES, isoRegionCode, writeTabCountry } from '../../i18n/country';
import { useCountry } from '../../i18n/locale-provider';
import { appMessages } from '../app.messages';

const cache = createIntlCache();

/** Each option names the country and its language in that language, so anyone finds theirs. */
function endonyms(country: CountryCode): { country: string; language: string } {
  const locale = localeForCountry(country);
  const intl = createIntl({ locale }, cache);
  return {
    country: intl.formatDisplayName(isoRegionCode(country), { type: 'region' }) ?? country,
    language: intl.formatDisplayName(locale, { type: 'language' }) ?? locale,
  };
}

/** Spec §1: the country (US, UK, ES, IT) picks the locale; it goes in ?country= and stays for the tab. */
export function CountrySwitcher() {
  const intl = useIntl();
  const current = useCountry();
  const navigate = useNavigate();

  const choose = (country: CountryCode) => {
    writeTabCountry(globalThis.sessionStorage, country);
    void navigate({
      to: '.',
      search: (previous) => ({ ...previous, country }),
      replace: true,
    });
  };

  const currentNames = endonyms(current);
  return (
    <Menu position="bottom-end" width={260} shadow="md">
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          size="compact-sm"
          leftSection={<IconWorld size={16} />}
          rightSection={<IconChevronDown size={14} />}
          // The visible code leads the name, so speech control finds the button by what it shows.
          aria-label={intl.formatMessage(appMessages.countrySwitcherButton, {
            code: current,
            country: currentNames.country,
          })}
        >
          {current}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{intl.formatMessage(appMessages.countrySwitcher)}</Menu.Label>
        {SWITCHABLE_COUNTRIES.map((country) => {
          const names = endonyms(country);
          return (
            <Menu.Item
              key={country}
              lang={localeForCountry(country)}
              onClick={() => choose(country)}
              rightSection={country === current ? <IconCheck size={16} /> : null}
              aria-current={country === current ? 'true' : undefined}
            >
              {intl.formatMessage(appMessages.countryOption, names)}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
