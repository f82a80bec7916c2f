import { DESCRIPTION_MAX_LENGTH } from '@listloop/domain';
import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconMicrophone, IconPlayerStop } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import type { DetailsHelperProps } from '../../../lib/inventory/item-editor-slots';
import { enrichmentMessages } from '../enrichment.messages';
import { appendDictation, useDictation, type DictationError } from '../hooks/use-dictation';

const ERRORS: Record<DictationError, (typeof enrichmentMessages)[keyof typeof enrichmentMessages]> =
  {
    denied: enrichmentMessages.dictateDenied,
    noMicrophone: enrichmentMessages.dictateNoMicrophone,
    network: enrichmentMessages.dictateNetwork,
    noSpeech: enrichmentMessages.dictateNoSpeech,
    language: enrichmentMessages.dictateLanguage,
    other: enrichmentMessages.dictateOther,
  };

/**
 * "Dictate description": the browser's speech recognition, in the app's language, adds what
 * the seller says to the end of the description. A browser without it is told so, with no
 * button that would do nothing.
 */
export function DictateDescription({ details, setDetail, disabled }: DetailsHelperProps) {
  const intl = useIntl();
  // A phrase arrives after renders: it is added to the description as it is then.
  const description = useRef(details.description);
  useEffect(() => {
    description.current = details.description;
  }, [details.description]);
  const dictation = useDictation({
    lang: intl.locale,
    onFinal: (phrase) => {
      const next = appendDictation(description.current, phrase, DESCRIPTION_MAX_LENGTH);
      description.current = next;
      setDetail('description', next);
    },
  });

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="dictation-title">
      <Stack gap="xs">
        <Text fw={650} id="dictation-title">
          {intl.formatMessage(enrichmentMessages.dictateTitle)}
        </Text>
        {!dictation.supported ? (
          <Text fz="sm" data-testid="dictation-unavailable">
            {intl.formatMessage(enrichmentMessages.dictateUnavailable)}
          </Text>
        ) : (
          <>
            <Text fz="sm" c="dimmed">
              {intl.formatMessage(enrichmentMessages.dictateHint)}
            </Text>
            <Group gap="sm">
              {dictation.listening ? (
                <Button
                  color="red"
                  variant="light"
                  leftSection={<IconPlayerStop size={16} />}
                  onClick={dictation.stop}
                >
                  {intl.formatMessage(enrichmentMessages.dictateStop)}
                </Button>
              ) : (
                <Button
                  variant="light"
                  leftSection={<IconMicrophone size={16} />}
                  onClick={dictation.start}
                  disabled={disabled}
                >
                  {intl.formatMessage(enrichmentMessages.dictateStart)}
                </Button>
              )}
            </Group>
            <div aria-live="polite">
              {dictation.listening && (
                <Text fz="sm" role="status">
                  {dictation.interim
                    ? dictation.interim
                    : intl.formatMessage(enrichmentMessages.dictateListening)}
                </Text>
              )}
            </div>
            {dictation.error && (
              <Alert color="orange" variant="light" role="alert">
                {intl.formatMessage(ERRORS[dictation.error])}
              </Alert>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
