import { Center, Loader } from '@mantine/core';

/** Shown before any text can be: while the session or the first catalogue loads. */
export function FullPageLoader() {
  return (
    <Center h="100dvh" role="status" aria-busy="true">
      <Loader type="dots" size="lg" />
    </Center>
  );
}
