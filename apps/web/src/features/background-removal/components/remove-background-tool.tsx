import { ActionIcon } from '@mantine/core';
import { IconBackground } from '@tabler/icons-react';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { PhotoToolProps } from '../../../lib/inventory/item-editor-slots';
import { backgroundRemovalMessages } from '../background-removal.messages';
import { RemoveBackgroundDialog } from './remove-background-dialog';

/** The "Remove background" button on a photo of the item editor, and its dialog. */
export function RemoveBackgroundTool({ image, position, onReplace }: PhotoToolProps) {
  const intl = useIntl();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <ActionIcon
        size="sm"
        variant="white"
        color="dark"
        onClick={() => setOpened(true)}
        aria-label={intl.formatMessage(backgroundRemovalMessages.open, { position })}
      >
        <IconBackground size={14} />
      </ActionIcon>
      {opened && (
        <RemoveBackgroundDialog
          image={image}
          position={position}
          opened={opened}
          onClose={() => setOpened(false)}
          onKeep={onReplace}
        />
      )}
    </>
  );
}
