import { Box, Button, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useRef, useState, type DragEvent, type ReactNode } from 'react';

interface FileDropZoneProps {
  /** The picker's filter, as the input's accept attribute. */
  accept: string;
  multiple?: boolean;
  disabled?: boolean;
  onFiles: (files: File[]) => void;
  /** The picker button's text. */
  buttonLabel: ReactNode;
  /** What the zone invites, under the icon. */
  prompt: ReactNode;
  hint?: ReactNode;
  compact?: boolean;
}

/** Drop files here, or pick them: both end in onFiles. */
export function FileDropZone({
  accept,
  multiple = false,
  disabled = false,
  onFiles,
  buttonLabel,
  prompt,
  hint,
  compact = false,
}: FileDropZoneProps) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);

  const onDragOver = (event: DragEvent) => {
    if (disabled || !event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setOver(true);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (disabled) return;
    const files = Array.from(event.dataTransfer.files);
    if (files.length > 0) onFiles(multiple ? files : files.slice(0, 1));
  };

  return (
    <Box
      onDragOver={onDragOver}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      p={compact ? 'sm' : 'lg'}
      style={{
        border: `1.5px dashed ${over ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-default-border)'}`,
        borderRadius: 'var(--mantine-radius-md)',
        background: over ? 'var(--mantine-primary-color-light)' : undefined,
        transition: 'background 120ms, border-color 120ms',
        opacity: disabled ? 0.6 : 1,
      }}
    >
      <Stack align="center" gap={compact ? 6 : 'xs'}>
        {!compact && (
          <IconUpload size={26} stroke={1.5} color="var(--mantine-color-dimmed)" aria-hidden />
        )}
        <Text fz="sm" ta="center">
          {prompt}
        </Text>
        <Button
          size="xs"
          variant="light"
          disabled={disabled}
          onClick={() => input.current?.click()}
          leftSection={<IconUpload size={14} />}
        >
          {buttonLabel}
        </Button>
        {hint && (
          <Text fz="xs" c="dimmed" ta="center">
            {hint}
          </Text>
        )}
      </Stack>
      <input
        ref={input}
        type="file"
        accept={accept}
        multiple={multiple}
        hidden
        disabled={disabled}
        onChange={(event) => {
          const files = Array.from(event.currentTarget.files ?? []);
          // Picking the same file again must fire onChange again.
          event.currentTarget.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
    </Box>
  );
}
