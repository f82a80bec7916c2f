import type { ExtensionMarketplace } from '@listloop/domain';
import { depopReplica } from './depop/depop-replica';
import { facebookReplica } from './facebook/facebook-replica';
import { grailedReplica } from './grailed/grailed-replica';
import { mercariReplica } from './mercari/mercari-replica';
import { poshmarkReplica } from './poshmark/poshmark-replica';
import type { ReplicaSite, RunningReplica } from './replica-server';
import { vestiaireReplica } from './vestiaire/vestiaire-replica';
import { vintedReplica } from './vinted/vinted-replica';

/** A new replica of each marketplace the extension works. */
export const EXTENSION_REPLICAS: Record<ExtensionMarketplace, () => ReplicaSite> = {
  poshmark: poshmarkReplica,
  mercari: mercariReplica,
  grailed: grailedReplica,
  facebook: facebookReplica,
  vinted: vintedReplica,
  vestiaire: vestiaireReplica,
  depop: depopReplica,
};

/**
 * Chromium's arguments that send each running replica's marketplace host names to it, and
 * accept the test certificate: the extension then works on its real addresses.
 */
export function replicaChromiumArgs(running: Iterable<RunningReplica>): string[] {
  const rules = [...running]
    .flatMap((r) => r.site.hosts.map((host) => `MAP ${host} 127.0.0.1:${r.port}`))
    .join(', ');
  return [`--host-resolver-rules=${rules}`, '--ignore-certificate-errors'];
}
