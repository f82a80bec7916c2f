import { dictationAtPhotoStep } from '@listloop/domain';
import { Stack } from '@mantine/core';
import type { DetailsHelperProps } from '../../../lib/inventory/item-editor-slots';
import { useSignedInSession } from '../../../lib/session';
import { DictateDescription } from './dictate-description';
import { FillFromPhotos } from './fill-from-photos';

/**
 * What the item editor shows under the photos: "Fill from photos" always, and dictation of the
 * description when the member has turned it on in their settings.
 */
export function EnrichmentPhotoStep(props: DetailsHelperProps) {
  const session = useSignedInSession();
  return (
    <Stack gap="md">
      <FillFromPhotos {...props} />
      {dictationAtPhotoStep(session.currentAccountUser.showSpeechAtPhotoStep) && (
        <DictateDescription {...props} />
      )}
    </Stack>
  );
}
