import { lt } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { authSessions, authVerifications } from './auth.table';

/** Housekeeping SQL on the identity tables that better-auth leaves to its host. */
export class AuthRepository {
  constructor(private readonly db: Db) {}

  async purgeExpired(now: Date): Promise<{ sessions: number; verifications: number }> {
    const sessions = await this.db
      .delete(authSessions)
      .where(lt(authSessions.expiresAt, now))
      .returning({ id: authSessions.id });
    const verifications = await this.db
      .delete(authVerifications)
      .where(lt(authVerifications.expiresAt, now))
      .returning({ id: authVerifications.id });
    return { sessions: sessions.length, verifications: verifications.length };
  }
}
