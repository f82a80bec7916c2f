import { dictationAtPhotoStep } from '@listloop/domain';
import { Stack } from '@mantine/core';
import type { PhotoStepProps } from '../../../lib/inventory/photo-step';
import { useSignedInSession } from '../../../lib/session';
import { DictateDescription } from './dictate-description';
import { FillFromPhotos } from './fill-from-photos';

/**
 * What the item editor shows under the photos: "Fill from photos" always, and dictation of the
 * description when the member has turned it on in their settings.
 */
export function EnrichmentPhotoStep(props: PhotoStepProps) {
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
