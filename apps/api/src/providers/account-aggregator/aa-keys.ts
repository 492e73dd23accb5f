/**
 * The AA's public key, from Sahamati's Central Registry: `GET {cr}/v2/entityInfo/AA/{id}` answers
 * the entity with `entityinfo.certificate`, a JWK {alg, e, kid, kty, n, use} (Sahamati
 * documentation, .gitbook/assets/CR-Service-API-v1.0.yaml, schema EntityRequest). The key is
 * cached for `ttlMs`; a signature under a key id the cache does not hold reads the registry again
 * (at most once a minute), so a key the AA rotates is picked up without a restart.
 */
import { createLocalJWKSet, type JSONWebKeySet, type JWK } from 'jose';
import { type FetchLike, fetchJson, ProviderError } from '../http.ts';

export interface AaKeySource {
  /** The JWKS of the AA's keys as the registry lists them now (cached). */
  keys(options?: { kid?: string }): Promise<ReturnType<typeof createLocalJWKSet>>;
}

interface EntityInfoReply {
  entityinfo?: { id?: string; certificate?: JWK } | { id?: string; certificate?: JWK }[];
}

const REFRESH_FLOOR_MS = 60_000;

export class CentralRegistryKeys implements AaKeySource {
  private cached: { at: number; kids: Set<string>; set: ReturnType<typeof createLocalJWKSet> } | null = null;
  private loading: Promise<NonNullable<CentralRegistryKeys['cached']>> | null = null;

  constructor(
    private readonly o: {
      /** The registry's base, e.g. https://api.sahamati.org.in/cr */
      url: string;
      /** The AA's entity id in the registry. */
      aaId: string;
      /** The token service's bearer token, when the registry asks for one. */
      token?: string | undefined;
      ttlMs: number;
      fetch?: FetchLike;
      now?: () => number;
    },
  ) {}

  private now() {
    return (this.o.now ?? Date.now)();
  }

  private async load() {
    const reply = await fetchJson<EntityInfoReply>(
      `${this.o.url.replace(/\/$/, '')}/v2/entityInfo/AA/${encodeURIComponent(this.o.aaId)}`,
      {
        ...(this.o.token && { headers: { authorization: `Bearer ${this.o.token}` } }),
        ...(this.o.fetch && { fetch: this.o.fetch }),
      },
    );
    const entities = Array.isArray(reply.entityinfo) ? reply.entityinfo : reply.entityinfo ? [reply.entityinfo] : [];
    const keys = entities.filter((e) => e.id === this.o.aaId && e.certificate?.kty).map((e) => e.certificate as JWK);
    if (!keys.length) throw new ProviderError(`the central registry lists no key for AA ${this.o.aaId}`, 502, reply);
    const jwks: JSONWebKeySet = { keys };
    return { at: this.now(), kids: new Set(keys.map((k) => k.kid ?? '')), set: createLocalJWKSet(jwks) };
  }

  async keys(options: { kid?: string } = {}) {
    const c = this.cached;
    const stale = !c || this.now() - c.at >= this.o.ttlMs;
    const unknownKid =
      c && options.kid !== undefined && !c.kids.has(options.kid) && this.now() - c.at >= REFRESH_FLOOR_MS;
    if (stale || unknownKid) {
      this.loading ??= this.load().finally(() => (this.loading = null));
      this.cached = await this.loading;
    }
    return this.cached!.set;
  }
}
